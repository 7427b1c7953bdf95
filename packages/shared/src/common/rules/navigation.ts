export type NavigationTarget =
  | { ok: true; kind: 'internal' | 'external'; href: string }
  | { ok: false; reason: NavigationRefusal };

export type NavigationRefusal =
  | 'empty'
  | 'control-characters'
  | 'dangerous-protocol'
  | 'unsupported-protocol'
  | 'external-not-allowed'
  | 'malformed';

export const DANGEROUS_PROTOCOLS = ['javascript', 'data', 'vbscript', 'file'] as const;

export interface NavigationOptions {
  /** External http(s) URLs are refused unless the caller opts in. */
  allowExternal?: boolean;
  /** The console's origin (e.g. location.origin). Without it only relative references count as internal. */
  origin?: string;
}

// Stands in for the origin when none is given; `.invalid` can never resolve (RFC 2606).
const PLACEHOLDER_ORIGIN = 'https://navigation-base.invalid';

/**
 * Decides whether the console may navigate to `url`, reading it the way the browser's URL parser will: tabs and line
 * breaks anywhere are dropped and leading/trailing control characters and spaces trimmed (so " jav\tascript:" is
 * javascript:), backslashes count as slashes. javascript:, data:, vbscript: and file: are refused in any spelling;
 * only http(s) may leave the site, and only with `allowExternal`. Internal targets come back as a root-relative
 * path that cannot be read as protocol-relative.
 */
export function checkNavigationTarget(url: unknown, options: NavigationOptions = {}): NavigationTarget {
  const { allowExternal = false, origin } = options;
  if (typeof url !== 'string') return { ok: false, reason: 'empty' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is being removed
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (cleaned === '') return { ok: false, reason: 'empty' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return { ok: false, reason: 'control-characters' };

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1].toLowerCase();
  if (scheme && (DANGEROUS_PROTOCOLS as readonly string[]).includes(scheme)) {
    return { ok: false, reason: 'dangerous-protocol' };
  }
  if (scheme && scheme !== 'http' && scheme !== 'https') return { ok: false, reason: 'unsupported-protocol' };

  // Without the origin, text with a scheme or an authority ("https:x", "//x") cannot be known to stay on the site.
  const absolute = !!scheme || /^[\\/]{2}/.test(cleaned);
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin ?? PLACEHOLDER_ORIGIN);
    resolved = origin === undefined && scheme ? new URL(cleaned) : new URL(cleaned, base);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')
    return { ok: false, reason: 'unsupported-protocol' };

  if (resolved.origin === base.origin && (origin !== undefined || !absolute)) {
    // "/.//evil.com" resolves to the path "//evil.com": collapse the leading slashes so it stays a path.
    const path = resolved.pathname.replace(/^\/+/, '/');
    return { ok: true, kind: 'internal', href: `${path}${resolved.search}${resolved.hash}` };
  }
  if (!allowExternal) return { ok: false, reason: 'external-not-allowed' };
  return { ok: true, kind: 'external', href: resolved.href };
}

/** Longest site path accepted anywhere (a login redirect, a message link). */
export const SITE_PATH_MAX_LENGTH = 2048;

const CHECK_ORIGIN = 'https://site-path-check.invalid';
// Undone this many times at most: a path that still changes after that is refused rather than trusted.
const MAX_DECODE_ROUNDS = 4;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/** One spelling of a path is safe: a single leading slash, no backslash or control character, stays on the origin. */
function safeSpelling(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || FORBIDDEN.test(path)) return false;
  let url: URL;
  try {
    url = new URL(path, CHECK_ORIGIN);
  } catch {
    return false;
  }
  // "/..//evil.com" resolves to the pathname "//evil.com": another host to any code that reuses it as a link.
  return url.origin === CHECK_ORIGIN && !url.pathname.startsWith('//');
}

/**
 * Whether `value` is a path on this site: the one rule for a login redirect and for a link stored with a message.
 * It starts with exactly one slash and holds no backslash or control character (a browser reads "\" as "/" and drops
 * tabs and line breaks, so "/\evil.com" and "/\t/evil.com" are "//evil.com"); the URL parser keeps it on the origin;
 * and the same holds for its path once percent-decoding is undone, as often as it changes anything, because routers
 * and proxies decode paths ("/%2F%2Fevil.com" becomes "//evil.com", "/%5Cevil.com" becomes "/\evil.com"). Text that
 * cannot be decoded is refused. The query and fragment may carry encoded slashes freely.
 */
export function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > SITE_PATH_MAX_LENGTH) return false;
  if (!safeSpelling(value)) return false;
  let path = value.split(/[?#]/, 1)[0];
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded === path) return true;
    // A decoded "?" or "#" is still part of the path to whatever decodes it, so the whole text is checked.
    if (!safeSpelling(decoded)) return false;
    path = decoded;
  }
  return false;
}

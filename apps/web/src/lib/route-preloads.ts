/**
 * Preloading a page's modules when the console navigates to it. The build writes `route-preloads.json` (each path of
 * the route table → its page's and layout's chunks beyond index.html's; build/preload-links.ts); the console fetches
 * it once it has started and, when the router loads a page, adds a modulepreload link for each of that page's chunks
 * not linked yet, so they download at once instead of one import level after another. The first page of a visit gets
 * the same links from the server inside index.html. Without the file (the dev server, an old build) nothing is added.
 */

export const ROUTE_PRELOADS_URL = '/route-preloads.json';

type Manifest = Record<string, string[]>;

let manifest: Manifest | null = null;
let loading: Promise<void> | null = null;
const linked = new Set<string>();

const isManifest = (value: unknown): value is Manifest =>
  !!value &&
  typeof value === 'object' &&
  Object.values(value).every((v) => Array.isArray(v) && v.every((f) => typeof f === 'string'));

/** Fetches the map once; a missing or malformed one leaves navigation as it was (the imports load what they need). */
export function loadRoutePreloads(url = ROUTE_PRELOADS_URL): Promise<void> {
  loading ??= fetch(url, { credentials: 'same-origin' })
    .then(async (res) => {
      if (!res.ok || !String(res.headers.get('content-type')).includes('json')) return;
      const body: unknown = await res.json();
      if (isManifest(body)) manifest = body;
    })
    .catch(() => undefined);
  return loading;
}

/** Adds modulepreload links for the chunks of a route path (as the route table spells it) that no link names yet. */
export function preloadRoute(path: string): void {
  const files = manifest && Object.hasOwn(manifest, path) ? manifest[path] : undefined;
  if (!files) return;
  for (const file of files) {
    const href = `/${file}`;
    if (linked.has(href)) continue;
    linked.add(href);
    if ([...document.head.querySelectorAll('link')].some((l) => l.getAttribute('href') === href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Starts loading the map when the browser is idle (after the first page has rendered). */
export function loadRoutePreloadsWhenIdle(): void {
  const run = () => void loadRoutePreloads();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
  else window.setTimeout(run, 1_000);
}

/** Tests: forget the map and the links added. */
export function resetRoutePreloads(): void {
  manifest = null;
  loading = null;
  linked.clear();
}

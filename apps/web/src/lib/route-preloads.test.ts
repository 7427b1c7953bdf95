import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoutePreloads, preloadRoute, resetRoutePreloads } from './route-preloads';

const links = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

function serve(body: unknown, contentType = 'application/json', status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } })),
  );
}

describe('route preloads on navigation', () => {
  beforeEach(() => {
    resetRoutePreloads();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds a modulepreload link for each of the path's chunks, once, skipping ones already linked", async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/layout-1.js">';
    serve({ '/pharmacy/order': ['assets/layout-1.js', 'assets/order-page-2.js', 'assets/table-3.js'] });
    await loadRoutePreloads();
    preloadRoute('/pharmacy/order');
    preloadRoute('/pharmacy/order');
    expect(links()).toEqual(['/assets/layout-1.js', '/assets/order-page-2.js', '/assets/table-3.js']);
  });

  it('adds nothing for a path the map does not know, or before the map has loaded', async () => {
    serve({ '/a': ['assets/a.js'] });
    preloadRoute('/a');
    expect(links()).toEqual([]);
    await loadRoutePreloads();
    preloadRoute('/unknown');
    expect(links()).toEqual([]);
  });

  it('ignores a missing or malformed map (the dev server answers index.html)', async () => {
    serve('<!doctype html>', 'text/html');
    await loadRoutePreloads();
    preloadRoute('/a');
    resetRoutePreloads();
    serve({ '/a': 'assets/a.js' });
    await loadRoutePreloads();
    preloadRoute('/a');
    resetRoutePreloads();
    serve({}, 'application/json', 404);
    await loadRoutePreloads();
    preloadRoute('/a');
    expect(links()).toEqual([]);
  });
});

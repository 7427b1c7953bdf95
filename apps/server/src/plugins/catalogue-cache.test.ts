import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { CatalogueCache, catalogueCachePlugin } from './catalogue-cache';

describe('CatalogueCache', () => {
  it('shares one load between concurrent callers of a key and reuses the answer', async () => {
    const cache = new CatalogueCache();
    let release: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    release('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(await cache.get('k', load)).toBe('answer');
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('other', async () => 'other answer')).toBe('other answer');
  });

  it('does not remember a failed load', async () => {
    const cache = new CatalogueCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('forgets everything on invalidate and each answer after its time to live', async () => {
    const cache = new CatalogueCache(50);
    let version = 1;
    const load = async () => version;
    expect(await cache.get('k', load)).toBe(1);
    version = 2;
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe(2);
    version = 3;
    expect(await cache.get('long', load, 10_000)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 80));
    version = 4;
    expect(await cache.get('k', load)).toBe(4);
    // An entry given its own, longer time to live outlasts the default.
    expect(await cache.get('long', load, 10_000)).toBe(3);
  });
});

describe('catalogueCachePlugin', () => {
  it('empties the cache when a route that changes the catalogue succeeds, not when it is refused', async () => {
    const app = Fastify();
    await app.register(catalogueCachePlugin);
    app.post('/write', { config: { changesCatalogue: true } }, async (request, reply) =>
      (request.body as { ok: boolean }).ok ? { done: true } : reply.code(400).send({ done: false }),
    );
    app.post('/other', async () => ({ done: true }));
    await app.ready();
    const fill = () => app.catalogueCache.get('k', async () => 'page');
    const post = (url: string, ok: boolean) => app.inject({ method: 'POST', url, payload: { ok } });

    await fill();
    await post('/other', true);
    await post('/write', false);
    expect(app.catalogueCache.size).toBe(1);
    expect((await post('/write', true)).statusCode).toBe(200);
    expect(app.catalogueCache.size).toBe(0);
    await app.close();
  });
});

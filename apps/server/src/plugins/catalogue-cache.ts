import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
  interface FastifyContextConfig {
    /** The route writes products or quotes: a success empties the catalogue cache. */
    changesCatalogue?: boolean;
  }
}

/** How long a public catalogue answer may be reused; also the most another instance's change can lag behind. */
export const CATALOGUE_CACHE_TTL_MS = 5_000;
const CATALOGUE_CACHE_MAX_ENTRIES = 1_000;

/**
 * A short-lived cache of public catalogue answers (search pages and their counts), shared by every caller.
 * Concurrent misses for one key share one load, so a burst of identical searches costs one query. A route that writes
 * products or quotes declares `config.changesCatalogue`; its success empties the cache before the answer is sent.
 * Writes through another instance show after at most the entry's time to live. Only answers that are the same for
 * every caller may be put here.
 */
export class CatalogueCache {
  private readonly entries: LRUCache<string, Promise<unknown>>;

  constructor(ttlMs = CATALOGUE_CACHE_TTL_MS) {
    this.entries = new LRUCache({ max: CATALOGUE_CACHE_MAX_ENTRIES, ttl: ttlMs });
  }

  /** `ttlMs` overrides the cache's time to live for this entry (a ranking may be older than a search page). */
  get<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
    const cached = this.entries.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const loading = load();
    this.entries.set(key, loading, ttlMs === undefined ? undefined : { ttl: ttlMs });
    // A failed load is not remembered: the next caller tries again.
    loading.catch(() => {
      if (this.entries.peek(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export const catalogueCachePlugin = fp(
  async (app) => {
    const cache = new CatalogueCache();
    app.decorate('catalogueCache', cache);
    // onSend runs before the answer leaves, so the caller's next read already misses the cache.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 && request.routeOptions.config?.changesCatalogue) cache.invalidate();
      return payload;
    });
  },
  { name: 'catalogue-cache' },
);

-- Chinese substring search (LIKE '%布洛芬%') uses GIN trigram indexes; drizzle-kit does not emit extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

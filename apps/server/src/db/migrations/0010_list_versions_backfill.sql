-- Write versions (0009) for pharmacies and the catalogue that existed before 0009: a missing version disables the
-- filtered-count cache (safe, but slow) until the first write. Starting at 1 never repeats a version: 0009's counters
-- only start with a first write, and this runs once.
INSERT INTO list_count (scope, owner_id, bucket, n)
SELECT 'quote:writes', id, 'n', 1 FROM pharmacy ORDER BY id
ON CONFLICT (scope, owner_id, bucket) DO NOTHING;--> statement-breakpoint
INSERT INTO list_count (scope, owner_id, bucket, n) VALUES ('product:writes', 0, 'n', 1)
ON CONFLICT (scope, owner_id, bucket) DO NOTHING;

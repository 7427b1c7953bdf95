-- list_count (0007), hardened (docs/lists.md):
-- 1. One advisory lock per (list, owner), taken in owner order and held to the end of the transaction, before any
--    counter row is touched: two transactions writing one pharmacy's quotes in several statements (insert, then change
--    a status) queued on it instead of locking the on_shelf / off_shelf rows in opposite orders (a deadlock).
-- 2. A write counter per owner ('quote:writes', bucket 'n'), bumped by every statement that writes the owner's quotes,
--    and one for the catalogue ('product:writes', owner 0): the version an exact cache of filtered counts checks.
-- 3. TRUNCATE empties the counts and bumps every write counter (never resets it: a version must not repeat).
-- 4. The quote unique index carries status, so a filtered count reads the index, not the heap.
CREATE OR REPLACE FUNCTION list_count_apply(p_scope text, p_deltas jsonb, p_owners int[] DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE owners int[];
BEGIN
  SELECT array_agg(DISTINCT o ORDER BY o) INTO owners FROM (
    SELECT (d->>'owner_id')::int o FROM jsonb_array_elements(coalesce(p_deltas, '[]'::jsonb)) d
    UNION SELECT unnest(coalesce(p_owners, '{}'::int[]))) x;
  IF owners IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('list_count:' || p_scope), o) FROM unnest(owners) o ORDER BY o;
  IF p_deltas IS NOT NULL THEN
    INSERT INTO list_count (scope, owner_id, bucket, n)
    SELECT p_scope, (d->>'owner_id')::int, d->>'bucket', (d->>'n')::bigint
    FROM jsonb_array_elements(p_deltas) d
    ORDER BY 2, 3
    ON CONFLICT (scope, owner_id, bucket) DO UPDATE SET n = list_count.n + excluded.n;
  END IF;
  IF p_owners IS NOT NULL THEN
    INSERT INTO list_count (scope, owner_id, bucket, n)
    SELECT p_scope || ':writes', o, 'n', 1 FROM unnest(owners) o ORDER BY 2
    ON CONFLICT (scope, owner_id, bucket) DO UPDATE SET n = list_count.n + 1;
  END IF;
END $$;--> statement-breakpoint
DROP FUNCTION list_count_apply(text, jsonb);--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb; owners int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', pharmacy_id, 'bucket', status, 'n', c)) INTO deltas
    FROM (SELECT pharmacy_id, status, count(*) c FROM new_rows GROUP BY 1, 2) x;
    SELECT array_agg(DISTINCT pharmacy_id) INTO owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', pharmacy_id, 'bucket', status, 'n', -c)) INTO deltas
    FROM (SELECT pharmacy_id, status, count(*) c FROM old_rows GROUP BY 1, 2) x;
    SELECT array_agg(DISTINCT pharmacy_id) INTO owners FROM old_rows;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', pharmacy_id, 'bucket', status, 'n', c)) INTO deltas
    FROM (SELECT pharmacy_id, status, sum(d) c FROM (
            SELECT pharmacy_id, status, 1 d FROM new_rows
            UNION ALL SELECT pharmacy_id, status, -1 d FROM old_rows) u
          GROUP BY 1, 2 HAVING sum(d) <> 0) x;
    SELECT array_agg(DISTINCT p) INTO owners FROM (
      SELECT pharmacy_id p FROM new_rows UNION SELECT pharmacy_id FROM old_rows) u;
  END IF;
  -- every statement that wrote a pharmacy's quotes bumps its version, even when no bucket moved (a price change)
  IF owners IS NOT NULL THEN PERFORM list_count_apply('quote', deltas, owners); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', account_id, 'bucket', b, 'n', c)) INTO deltas
    FROM (SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, count(*) c
          FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', account_id, 'bucket', b, 'n', -c)) INTO deltas
    FROM (SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, count(*) c
          FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', account_id, 'bucket', b, 'n', c)) INTO deltas
    FROM (SELECT account_id, b, sum(d) c FROM (
            SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, 1 d
            FROM new_rows WHERE deleted_at IS NULL
            UNION ALL SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, -1 d
            FROM old_rows WHERE deleted_at IS NULL) u
          GROUP BY 1, 2 HAVING sum(d) <> 0) x;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM list_count_apply('message', deltas); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_count_apply('product', NULL, ARRAY[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_list_version AFTER INSERT OR UPDATE OR DELETE ON product
  FOR EACH STATEMENT EXECUTE FUNCTION product_list_version();--> statement-breakpoint
CREATE FUNCTION list_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_count WHERE scope = TG_ARGV[0];
  UPDATE list_count SET n = n + 1 WHERE scope = TG_ARGV[0] || ':writes';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER quote_list_count_truncate AFTER TRUNCATE ON quote
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('quote');--> statement-breakpoint
CREATE TRIGGER message_list_count_truncate AFTER TRUNCATE ON message
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('message');--> statement-breakpoint
CREATE TRIGGER product_list_version_truncate AFTER TRUNCATE ON product
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('product');--> statement-breakpoint
DROP INDEX "quote_pharmacy_product_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "quote_pharmacy_product_uq" ON "quote" USING btree ("pharmacy_id","product_id") INCLUDE ("status");

-- Orders' tab counts and write version in list_count (docs/lists.md), kept by statement triggers as for quotes:
-- scope 'order', owner = pharmacy, bucket = status, over orders not deleted; 'order:writes' per pharmacy.
-- list_count_apply now takes one list-wide lock for a statement touching more than 64 owners (a bulk seed or a
-- statement over many accounts ran out of shared memory with one advisory lock per owner); per-owner writers hold
-- the list-wide lock shared, so the two never miss each other.
CREATE OR REPLACE FUNCTION list_count_apply(p_scope text, p_deltas jsonb, p_owners int[] DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE owners int[];
BEGIN
  SELECT array_agg(DISTINCT o ORDER BY o) INTO owners FROM (
    SELECT (d->>'owner_id')::int o FROM jsonb_array_elements(coalesce(p_deltas, '[]'::jsonb)) d
    UNION SELECT unnest(coalesce(p_owners, '{}'::int[]))) x;
  IF owners IS NULL THEN RETURN; END IF;
  IF array_length(owners, 1) > 64 THEN
    PERFORM pg_advisory_xact_lock(hashtext('list_count:' || p_scope), -1);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('list_count:' || p_scope), -1);
    PERFORM pg_advisory_xact_lock(hashtext('list_count:' || p_scope), o) FROM unnest(owners) o ORDER BY o;
  END IF;
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
CREATE FUNCTION order_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb; owners int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', pharmacy_id, 'bucket', status, 'n', c)) INTO deltas
    FROM (SELECT pharmacy_id, status, count(*) c FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2) x;
    SELECT array_agg(DISTINCT pharmacy_id) INTO owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', pharmacy_id, 'bucket', status, 'n', -c)) INTO deltas
    FROM (SELECT pharmacy_id, status, count(*) c FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2) x;
    SELECT array_agg(DISTINCT pharmacy_id) INTO owners FROM old_rows;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', pharmacy_id, 'bucket', status, 'n', c)) INTO deltas
    FROM (SELECT pharmacy_id, status, sum(d) c FROM (
            SELECT pharmacy_id, status, 1 d FROM new_rows WHERE deleted_at IS NULL
            UNION ALL SELECT pharmacy_id, status, -1 d FROM old_rows WHERE deleted_at IS NULL) u
          GROUP BY 1, 2 HAVING sum(d) <> 0) x;
    SELECT array_agg(DISTINCT p) INTO owners FROM (
      SELECT pharmacy_id p FROM new_rows UNION SELECT pharmacy_id FROM old_rows) u;
  END IF;
  IF owners IS NOT NULL THEN PERFORM list_count_apply('order', deltas, owners); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_list_count_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_count();--> statement-breakpoint
CREATE TRIGGER order_list_count_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_count();--> statement-breakpoint
CREATE TRIGGER order_list_count_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_count();--> statement-breakpoint
CREATE TRIGGER order_list_count_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('order');--> statement-breakpoint
-- order numbers: the date and a 10-digit sequence (docs/orders.md)
CREATE SEQUENCE order_no_seq;

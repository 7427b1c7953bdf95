-- Order creation in one statement (docs/orders.md "Performance pass 2").
-- 1. order_list_count: a one-row INSERT (an order placed) takes the same locks in the same order as 0012's general
--    path (the list-wide lock shared, then the pharmacy's) and upserts its one status bucket and 'order:writes'
--    directly, without building jsonb and without list_count_apply's array work. Every other statement (bulk inserts,
--    updates, deletes) takes 0012's general path unchanged.
CREATE OR REPLACE FUNCTION order_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb; owners int[]; one record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*)::int AS k, min(pharmacy_id) AS pharmacy_id, min(status) AS status,
        bool_and(deleted_at IS NULL) AS live
      INTO one FROM new_rows;
    IF one.k = 0 THEN RETURN NULL; END IF;
    IF one.k = 1 THEN
      PERFORM pg_advisory_xact_lock_shared(hashtext('list_count:order'), -1);
      PERFORM pg_advisory_xact_lock(hashtext('list_count:order'), one.pharmacy_id);
      IF one.live THEN
        INSERT INTO list_count (scope, owner_id, bucket, n) VALUES ('order', one.pharmacy_id, one.status::text, 1)
        ON CONFLICT (scope, owner_id, bucket) DO UPDATE SET n = list_count.n + 1;
      END IF;
      INSERT INTO list_count (scope, owner_id, bucket, n) VALUES ('order:writes', one.pharmacy_id, 'n', 1)
      ON CONFLICT (scope, owner_id, bucket) DO UPDATE SET n = list_count.n + 1;
      RETURN NULL;
    END IF;
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
-- 2. The creation statement's guard (user-order.repository.ts placeOrder): called with the quotes whose guarded stock
--    update took nothing, it fails the statement (SQLSTATE OS409, the quote ids in DETAIL), so nothing of the order is
--    kept: not the order, not its lines, not the stock taken from its other quotes.
CREATE FUNCTION order_stock_short(p_ids int[]) RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_ids) > 0 THEN
    RAISE EXCEPTION 'order stock short: %', array_to_string(p_ids, ',')
      USING ERRCODE = 'OS409', DETAIL = array_to_string(p_ids, ',');
  END IF;
  RETURN 0;
END $$;

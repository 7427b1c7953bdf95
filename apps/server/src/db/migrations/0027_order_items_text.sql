-- The order list's line summary kept on the order (docs/orders.md "Performance pass 4"): a page of the console's
-- list then reads no order_item row. Order lines are never changed after the order is placed, so the summary is
-- written once, with the lines: by the order's insert (placeOrder), or by summarizeOrderLines (lib/order-lines.ts)
-- right after a writer inserts lines on their own (the seeds, test fixtures).
ALTER TABLE "orders" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- "name ×qty、name ×qty 等 n 件": the first two lines in line order, then the line count when there are more.
-- PL/pgSQL, not SQL: a SQL function that is not inlined is parsed and planned again in every statement that calls it
-- (order creation calls it once per order), while PL/pgSQL keeps its expressions' plans for the session.
CREATE FUNCTION order_items_text(names text[], qtys integer[]) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  n integer := coalesce(cardinality(names), 0);
  t text := '';
BEGIN
  FOR k IN 1 .. least(n, 2) LOOP
    t := t || CASE WHEN k > 1 THEN '、' ELSE '' END || names[k] || ' ×' || qtys[k];
  END LOOP;
  RETURN t || CASE WHEN n > 2 THEN ' 等 ' || n || ' 件' ELSE '' END;
END
$$;--> statement-breakpoint
UPDATE "orders" o SET item_count = s.n, items_text = order_items_text(s.names, s.qtys)
FROM (SELECT order_id, count(*)::int AS n, array_agg(name ORDER BY id) AS names, array_agg(qty ORDER BY id) AS qtys
      FROM order_item GROUP BY order_id) s
WHERE s.order_id = o.id;

-- Order indexes asked for by the statistics and the operator's list (docs/orders.md "Statistics", "The order list"):
-- 1. The census reads a pharmacy's orders by created_at: with the columns it sums INCLUDEd it is an index-only scan.
-- 2. Top products probe each paid order's lines: with the summed columns INCLUDEd the probe never reads the heap.
-- (The operator's status tabs over every pharmacy: orders_status_idx, declared in the schema, migration 0014.)
-- drizzle cannot declare INCLUDE; the schema keeps the index names and notes this migration.
DROP INDEX IF EXISTS "orders_pharmacy_created_idx";--> statement-breakpoint
CREATE INDEX "orders_pharmacy_created_idx" ON "orders" USING btree ("pharmacy_id", "created_at")
  INCLUDE ("status", "kind", "pay_amount", "paid_at", "deleted_at");--> statement-breakpoint
DROP INDEX IF EXISTS "order_item_order_idx";--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id")
  INCLUDE ("quote_set_id", "product_id", "product_type", "qty", "subtotal");

-- A patient deleting an address or a family member: the foreign keys ON DELETE SET NULL look up the orders that point
-- at it. Without an index on the referencing column that was a read of every order (0.1-0.15 s per row with the large
-- seed; docs/orders.md "Performance pass 4", left open there).
CREATE INDEX "orders_address_idx" ON "orders" USING btree ("address_id") WHERE "orders"."address_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_family_member_idx" ON "orders" USING btree ("family_member_id") WHERE "orders"."family_member_id" is not null;
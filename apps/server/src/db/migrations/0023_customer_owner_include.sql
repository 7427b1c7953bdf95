-- The customer list's filtered count (owner + tag + last contact, docs/marketing.md, bench/customer-list.mjs): with
-- the filtered columns INCLUDEd, counting one owner's customers is an index-only scan instead of reading each row.
-- drizzle cannot declare INCLUDE; the schema keeps the index name and notes this migration.
DROP INDEX IF EXISTS "customer_info_owner_idx";--> statement-breakpoint
CREATE INDEX "customer_info_owner_idx" ON "customer_info" USING btree ("pharmacy_id", "owner_account_id", "created_at", "id")
  INCLUDE ("tags", "last_contact_at", "channel_id");

DROP INDEX "product_approval_no_trgm_idx";--> statement-breakpoint
DROP INDEX "product_barcode_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_search_trgm_idx" ON "product" USING gin (("name" || chr(31) || "generic_name" || chr(31) || "approval_no" || chr(31) || "barcode") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_approval_no_idx" ON "product" USING btree ("approval_no");
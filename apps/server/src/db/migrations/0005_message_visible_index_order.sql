DROP INDEX "message_visible_idx";--> statement-breakpoint
CREATE INDEX "message_visible_idx" ON "message" USING btree ("account_id","id") WHERE "message"."deleted_at" is null;
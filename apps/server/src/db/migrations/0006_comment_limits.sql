ALTER TABLE "medicine_comment" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "medicine_comment_account_idx" ON "medicine_comment" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "medicine_comment_ip_idx" ON "medicine_comment" USING btree ("ip","created_at");
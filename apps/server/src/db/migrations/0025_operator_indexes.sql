CREATE INDEX "account_phone_last4_idx" ON "account" USING btree (right("phone", 4));--> statement-breakpoint
CREATE INDEX "recipe_created_idx" ON "recipe" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "viper_created_idx" ON "viper" USING btree ("created_at");
CREATE INDEX "consultation_request_member_idx" ON "consultation_request" USING btree ("family_member_id","doctor_id");--> statement-breakpoint
CREATE INDEX "recipe_consultation_idx" ON "recipe" USING btree ("consultation_request_id");--> statement-breakpoint
CREATE INDEX "recipe_member_idx" ON "recipe" USING btree ("family_member_id","doctor_id");
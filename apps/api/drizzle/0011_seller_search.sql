ALTER TABLE "users" ADD COLUMN "search_full_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (lower(last_name)) STORED;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "users_mobile_number_prefix_idx" ON "users" USING btree ("mobile_number" text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "users_referral_code_prefix_idx" ON "users" USING btree ("referral_code" text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree ("search_full_name" text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree ("search_last_name" text_pattern_ops,"created_at","id");
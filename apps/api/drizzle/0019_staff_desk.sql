ALTER TYPE "public"."code_purpose" ADD VALUE 'staff_invitation';--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("role","created_at") WHERE "users"."role" <> 'user';
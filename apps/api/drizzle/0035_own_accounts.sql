CREATE TYPE "public"."account_approval_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
ALTER TYPE "public"."notice_kind" ADD VALUE 'account_approved';--> statement-breakpoint
ALTER TYPE "public"."notice_kind" ADD VALUE 'account_declined';--> statement-breakpoint
CREATE TABLE "account_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"status" "account_approval_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "account_approvals" ADD CONSTRAINT "account_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_approvals" ADD CONSTRAINT "account_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_approvals_user_account_key" ON "account_approvals" USING btree ("user_id","bank_code","account_number") WHERE "account_approvals"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "account_approvals_user_idx" ON "account_approvals" USING btree ("user_id","created_at");
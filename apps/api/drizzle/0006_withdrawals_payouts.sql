CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'processing', 'successful', 'failed');--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"cbn_code" text,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_recipients" (
	"code" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"recipient_code" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"next_status" text,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"beneficiary_id" uuid,
	"recipient_code" text,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_kobo" > 0 and "withdrawals"."fee_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "beneficiary_accounts" ADD COLUMN "recipient_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bvn_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bvn_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_beneficiary_id_beneficiary_accounts_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiary_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_provider_code_key" ON "banks" USING btree ("provider","code");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_webhooks_dedupe_key" ON "payout_webhooks" USING btree ("provider","event","reference","status");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_due_idx" ON "sandbox_transfers" USING btree ("due_at") WHERE "sandbox_transfers"."due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_reference_key" ON "withdrawals" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_status_created_idx" ON "withdrawals" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_unfinished_idx" ON "withdrawals" USING btree ("status","processing_at") WHERE "withdrawals"."status" in ('pending', 'processing');
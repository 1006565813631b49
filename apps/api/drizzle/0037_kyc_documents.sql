CREATE TYPE "public"."kyc_id_type" AS ENUM('nin_slip', 'drivers_licence', 'international_passport', 'voters_card');--> statement-breakpoint
CREATE TYPE "public"."kyc_rejection_reason" AS ENUM('blurry', 'expired', 'mismatch_name', 'not_a_proof_of_address', 'other');--> statement-breakpoint
CREATE TYPE "public"."kyc_submission_status" AS ENUM('pending_review', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."notice_kind" ADD VALUE 'kyc_approved';--> statement-breakpoint
ALTER TYPE "public"."notice_kind" ADD VALUE 'kyc_rejected';--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "kyc_submission_status" DEFAULT 'pending_review' NOT NULL,
	"id_type" "kyc_id_type" NOT NULL,
	"id_number" text NOT NULL,
	"address" text NOT NULL,
	"id_front_key" text NOT NULL,
	"id_back_key" text,
	"selfie_key" text NOT NULL,
	"proof_of_address_key" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"claimed_by_user_id" uuid,
	"claim_expires_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" "kyc_rejection_reason",
	"rejection_note" text
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_submitted_idx" ON "kyc_submissions" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_submitted_idx" ON "kyc_submissions" USING btree ("user_id","submitted_at" DESC NULLS LAST);
ALTER TABLE "withdrawals" ADD COLUMN "provider_reason" text;--> statement-breakpoint
-- Payouts that failed before this release kept the provider's words as what the seller read:
-- they are the provider's reason now (the seller's words for them stay as they were).
UPDATE "withdrawals" SET "provider_reason" = "failure_reason"
 WHERE "status" = 'failed' AND "failure_reason" IS NOT NULL
   AND "failure_reason" <> 'We stopped this payout because the bank did not confirm it.';

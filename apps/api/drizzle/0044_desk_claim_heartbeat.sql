-- Decision 078: the KYC and support desks' claims get what a trade claim has (decision 072): the
-- holder's last sign of life (heartbeat; silent a minute, another operator may take over) and the
-- hash of the token its page releases it with by beacon.
ALTER TABLE "kyc_submissions" ADD COLUMN "claim_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "claim_release_token_hash" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "claim_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "claim_release_token_hash" text;
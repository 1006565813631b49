-- Decision 072: a trade claim's last sign of life (the review page's heartbeat; silent a minute, another
-- operator may take it over) and the hash of the token its page releases it with by beacon.
ALTER TABLE "trades" ADD COLUMN "claim_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "claim_release_token_hash" text;

ALTER TABLE "trades" ADD COLUMN "claimed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
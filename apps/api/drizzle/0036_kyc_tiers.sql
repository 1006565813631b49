CREATE TABLE "kyc_tier_notices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_tier" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nin_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nin_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_tier_notices" ADD CONSTRAINT "kyc_tier_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_nin_hash_key" ON "users" USING btree ("nin_hash") WHERE "users"."nin_hash" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kyc_tier_check" CHECK ("users"."kyc_tier" between 0 and 3);--> statement-breakpoint
-- KYC tiers (decision 063): every account whose BVN is verified starts at tier 1, whose limits
-- (₦200,000 a day and per withdrawal by default) are lower than the ₦5,000,000 a day they had.
-- Each such seller whose account still exists is owed one mail saying why and how to raise it:
-- a row here, which the worker's job mails and deletes.
UPDATE "users" SET "kyc_tier" = 1 WHERE "kyc_verified" AND "kyc_tier" = 0;
--> statement-breakpoint
INSERT INTO "kyc_tier_notices" ("user_id")
SELECT "id" FROM "users"
 WHERE "kyc_verified" AND "role" = 'user' AND "status" <> 'deleted'
ON CONFLICT DO NOTHING;

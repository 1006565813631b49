CREATE TYPE "public"."ledger_account_kind" AS ENUM('user_wallet', 'user_withdrawal_hold', 'trade_funding', 'referral_rewards', 'payouts_in_flight', 'payout_fees');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('trade_credit', 'referral_reward', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_fee', 'withdrawal_reversal');--> statement-breakpoint
CREATE TYPE "public"."device_kind" AS ENUM('web', 'ios', 'android');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('pending', 'rewarded', 'forfeited');--> statement-breakpoint
CREATE TYPE "public"."trade_rejection_reason" AS ENUM('already_used', 'invalid_code', 'unclear_image', 'wrong_category', 'receipt_required', 'other');--> statement-breakpoint
CREATE TYPE "public"."trade_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."kind" in ('user_wallet', 'user_withdrawal_hold')))
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"is_user_account" boolean NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_user_not_negative" CHECK (not "ledger_balances"."is_user_account" or "ledger_balances"."available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"referred_user_id" uuid NOT NULL,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"reward_kobo" bigint DEFAULT 0 NOT NULL,
	"trade_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"subcategory_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"rate_kobo" bigint NOT NULL,
	"expected_kobo" bigint NOT NULL,
	"final_kobo" bigint,
	"status" "trade_status" DEFAULT 'pending' NOT NULL,
	"comment" text,
	"device" "device_kind" NOT NULL,
	"rejection_reason" "trade_rejection_reason",
	"review_note" text,
	"reviewed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trades_amount_positive" CHECK ("trades"."amount" > 0),
	CONSTRAINT "trades_final_when_approved" CHECK (("trades"."status" = 'approved') = ("trades"."final_kobo" is not null)),
	CONSTRAINT "trades_reason_when_rejected" CHECK (("trades"."status" = 'rejected') = ("trades"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_images" ADD CONSTRAINT "trade_images_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_subcategory_id_gift_card_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."gift_card_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_key" ON "ledger_accounts" USING btree ("user_id","kind") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_kind_key" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_user_key" ON "referrals" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_created_idx" ON "referrals" USING btree ("referrer_user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_images_trade_position_key" ON "trade_images" USING btree ("trade_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_reference_key" ON "trades" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "trades_user_created_idx" ON "trades" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_user_status_created_idx" ON "trades" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_status_created_idx" ON "trades" USING btree ("status","created_at","id");--> statement-breakpoint
-- Hand-written: the ledger is append-only, enforced by the database itself.
CREATE FUNCTION "ledger_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger rows are never updated or deleted; post a correction instead' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings" FOR EACH ROW EXECUTE FUNCTION "ledger_reject_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reject_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_reject_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reject_change"();--> statement-breakpoint
-- Every ledger transaction balances: checked when the database transaction commits, after all
-- its postings are in, so no half-posted movement can ever be seen or kept.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total numeric;
	lines integer;
BEGIN
	SELECT coalesce(sum(amount), 0), count(*) INTO total, lines
		FROM ledger_postings WHERE transaction_id = NEW.transaction_id;
	IF total <> 0 OR lines < 2 THEN
		RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % postings)', NEW.transaction_id, total, lines
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();--> statement-breakpoint
-- The platform's own accounts exist from the start, each with its balance row.
INSERT INTO "ledger_accounts" ("kind") VALUES ('trade_funding'), ('referral_rewards'), ('payouts_in_flight'), ('payout_fees');--> statement-breakpoint
INSERT INTO "ledger_balances" ("account_id", "is_user_account") SELECT "id", false FROM "ledger_accounts" WHERE "user_id" IS NULL;--> statement-breakpoint
-- Users who registered with a code before referrals had their own table.
INSERT INTO "referrals" ("referrer_user_id", "referred_user_id", "created_at")
	SELECT "referred_by_user_id", "id", "created_at" FROM "users" WHERE "referred_by_user_id" IS NOT NULL;

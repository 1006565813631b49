CREATE TABLE "trade_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"adjusted_by_user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_adjustments_amount_positive" CHECK ("trade_adjustments"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD CONSTRAINT "trade_adjustments_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD CONSTRAINT "trade_adjustments_adjusted_by_user_id_users_id_fk" FOREIGN KEY ("adjusted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_adjustments_trade_idempotency_key" ON "trade_adjustments" USING btree ("trade_id","idempotency_key");--> statement-breakpoint
-- Hand-written: an adjustment is a record of money moved, kept as written.
CREATE FUNCTION "trade_adjustments_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'trade adjustments are never updated or deleted; add another instead' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trade_adjustments_append_only" BEFORE UPDATE OR DELETE ON "trade_adjustments" FOR EACH ROW EXECUTE FUNCTION "trade_adjustments_reject_change"();--> statement-breakpoint
CREATE TRIGGER "trade_adjustments_no_truncate" BEFORE TRUNCATE ON "trade_adjustments" FOR EACH STATEMENT EXECUTE FUNCTION "trade_adjustments_reject_change"();

CREATE TABLE "rate_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subcategory_id" uuid NOT NULL,
	"from_kobo" bigint NOT NULL,
	"to_kobo" bigint NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"return_reason" text,
	CONSTRAINT "rate_change_requests_status" CHECK ("rate_change_requests"."status" in ('waiting', 'confirmed', 'returned', 'superseded')),
	CONSTRAINT "rate_change_requests_rate_positive" CHECK ("rate_change_requests"."to_kobo" > 0),
	CONSTRAINT "rate_change_requests_decided" CHECK (("rate_change_requests"."status" = 'waiting') = ("rate_change_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "solo_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"trade_id" uuid NOT NULL,
	"adjustment_id" uuid,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"decided_on" date NOT NULL,
	"credited_on" date,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solo_credits_kind" CHECK ("solo_credits"."kind" in ('approval', 'offer', 'adjustment')),
	CONSTRAINT "solo_credits_amount_positive" CHECK ("solo_credits"."amount_kobo" > 0),
	CONSTRAINT "solo_credits_adjustment_link" CHECK (("solo_credits"."kind" = 'adjustment') = ("solo_credits"."adjustment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "staff_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"role" "user_role" NOT NULL,
	"granted_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by_user_id" uuid,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "staff_grants_kind" CHECK ("staff_grants"."kind" in ('invitation', 'role_change')),
	CONSTRAINT "staff_grants_not_own" CHECK ("staff_grants"."granted_by_user_id" <> "staff_grants"."user_id"),
	CONSTRAINT "staff_grants_second_admin" CHECK ("staff_grants"."confirmed_by_user_id" is null or ("staff_grants"."kind" = 'invitation' and "staff_grants"."confirmed_by_user_id" <> "staff_grants"."granted_by_user_id" and "staff_grants"."confirmed_by_user_id" <> "staff_grants"."user_id" and "staff_grants"."confirmed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD COLUMN "status" text DEFAULT 'credited' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD COLUMN "four_eyes_reason" text;--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "trade_events" ADD COLUMN "four_eyes_reason" text;--> statement-breakpoint
ALTER TABLE "rate_change_requests" ADD CONSTRAINT "rate_change_requests_subcategory_id_gift_card_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."gift_card_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_change_requests" ADD CONSTRAINT "rate_change_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_change_requests" ADD CONSTRAINT "rate_change_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_credits" ADD CONSTRAINT "solo_credits_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_credits" ADD CONSTRAINT "solo_credits_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_credits" ADD CONSTRAINT "solo_credits_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_credits" ADD CONSTRAINT "solo_credits_adjustment_id_trade_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."trade_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_change_requests_one_waiting" ON "rate_change_requests" USING btree ("subcategory_id") WHERE "rate_change_requests"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "rate_change_requests_status_idx" ON "rate_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "solo_credits_staff_seller_idx" ON "solo_credits" USING btree ("staff_user_id","seller_user_id","decided_on");--> statement-breakpoint
CREATE INDEX "solo_credits_trade_idx" ON "solo_credits" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "staff_grants_user_idx" ON "staff_grants" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD CONSTRAINT "trade_adjustments_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_adjustments_waiting_idx" ON "trade_adjustments" USING btree ("trade_id") WHERE "trade_adjustments"."status" = 'awaiting_second_approval';--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD CONSTRAINT "trade_adjustments_status" CHECK ("trade_adjustments"."status" in ('credited', 'awaiting_second_approval', 'returned'));--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD CONSTRAINT "trade_adjustments_waits_with_reason" CHECK ("trade_adjustments"."status" = 'credited' or "trade_adjustments"."four_eyes_reason" is not null);--> statement-breakpoint
ALTER TABLE "trade_adjustments" ADD CONSTRAINT "trade_adjustments_second_admin" CHECK ("trade_adjustments"."decided_by_user_id" is null or "trade_adjustments"."decided_by_user_id" <> "trade_adjustments"."adjusted_by_user_id" or "trade_adjustments"."status" = 'returned');--> statement-breakpoint
-- Hand-written from here (decision 049). An adjustment stays a record of money moved, kept as
-- written; the one change allowed is the decision on one that waits for a second admin:
-- credited (confirmed by someone other than its author) or returned, once, nothing else touched.
CREATE OR REPLACE FUNCTION "trade_adjustments_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND OLD.status = 'awaiting_second_approval'
		AND NEW.status IN ('credited', 'returned')
		AND NEW.decided_by_user_id IS NOT NULL
		AND NEW.decided_at IS NOT NULL
		AND (NEW.status = 'returned') = (NEW.return_reason IS NOT NULL)
		AND (NEW.id, NEW.trade_id, NEW.amount_kobo, NEW.reason, NEW.adjusted_by_user_id,
			NEW.idempotency_key, NEW.request_hash, NEW.created_at, NEW.four_eyes_reason)
			IS NOT DISTINCT FROM
			(OLD.id, OLD.trade_id, OLD.amount_kobo, OLD.reason, OLD.adjusted_by_user_id,
			OLD.idempotency_key, OLD.request_hash, OLD.created_at, OLD.four_eyes_reason)
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'trade adjustments are never updated or deleted; add another instead' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
-- Who made whom staff is evidence for the four-eyes rule: an invitation may be confirmed once
-- by a second admin, and nothing else in the table ever changes.
CREATE FUNCTION "staff_grants_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND OLD.confirmed_by_user_id IS NULL
		AND NEW.confirmed_by_user_id IS NOT NULL
		AND (NEW.id, NEW.user_id, NEW.kind, NEW.role, NEW.granted_by_user_id, NEW.created_at)
			IS NOT DISTINCT FROM
			(OLD.id, OLD.user_id, OLD.kind, OLD.role, OLD.granted_by_user_id, OLD.created_at)
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'staff grants are never changed or deleted, except the confirmation of an invitation' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_grants_append_only" BEFORE UPDATE OR DELETE ON "staff_grants" FOR EACH ROW EXECUTE FUNCTION "staff_grants_reject_change"();--> statement-breakpoint
CREATE TRIGGER "staff_grants_no_truncate" BEFORE TRUNCATE ON "staff_grants" FOR EACH STATEMENT EXECUTE FUNCTION "staff_grants_reject_change"();--> statement-breakpoint
-- Staff made before this migration: the audit trail says who invited whom and who changed
-- whose role. Those invitations are not confirmed by a second admin, so the people they made
-- cannot confirm a large credit until one does (the staff desk asks for it).
INSERT INTO "staff_grants" ("user_id", "kind", "role", "granted_by_user_id", "created_at")
SELECT u."id", 'invitation', 'operator', a."actor_user_id", a."created_at"
FROM "audit_log" a
JOIN "users" u ON u."id"::text = a."target_id"
WHERE a."action" = 'staff.invited' AND a."target_type" = 'user'
	AND a."actor_user_id" IS NOT NULL AND a."actor_user_id" <> u."id"
	AND EXISTS (SELECT 1 FROM "users" g WHERE g."id" = a."actor_user_id");--> statement-breakpoint
INSERT INTO "staff_grants" ("user_id", "kind", "role", "granted_by_user_id", "created_at")
SELECT u."id", 'role_change', (a."after"->>'role')::"user_role", a."actor_user_id", a."created_at"
FROM "audit_log" a
JOIN "users" u ON u."id"::text = a."target_id"
WHERE a."action" = 'staff.role_changed' AND a."target_type" = 'user'
	AND a."after"->>'role' IN ('operator', 'admin')
	AND a."actor_user_id" IS NOT NULL AND a."actor_user_id" <> u."id"
	AND EXISTS (SELECT 1 FROM "users" g WHERE g."id" = a."actor_user_id");

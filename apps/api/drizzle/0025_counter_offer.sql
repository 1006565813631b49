CREATE TYPE "public"."trade_if_no_answer" AS ENUM('accept', 'decline');--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'counter_offered';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'offer_accepted';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'offer_declined';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'offer_expired';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'counter_offered';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TABLE "trade_events" DROP CONSTRAINT "trade_events_amount_with_first_approval";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "offer_kobo" bigint;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "if_no_answer" "trade_if_no_answer" DEFAULT 'decline' NOT NULL;--> statement-breakpoint
CREATE INDEX "trades_offer_due_idx" ON "trades" USING btree ("offer_expires_at") WHERE "trades"."offer_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_amount_with_first_approval" CHECK (("trade_events"."kind"::text in ('first_approval', 'counter_offered')) = ("trade_events"."amount_kobo" is not null));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_offer_when_counter_offered" CHECK ("trades"."status"::text <> 'counter_offered' or ("trades"."offer_kobo" is not null and "trades"."offer_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_offer_positive" CHECK ("trades"."offer_kobo" is null or "trades"."offer_kobo" > 0);--> statement-breakpoint
-- Hand-written note (decision 037): the running totals need no change. The overview gauges
-- (0015) are named from the status as text, so 'trades.counter_offered' and 'trades.declined'
-- are counted as they appear; the day's decisions (0015) and the books (0021) count a trade
-- when it becomes 'approved', which an accepted offer does once, with its final value.
SELECT 1;

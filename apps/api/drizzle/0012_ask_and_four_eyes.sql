CREATE TYPE "public"."trade_event_kind" AS ENUM('info_requested', 'info_provided', 'first_approval', 'approval_confirmed', 'approval_returned');--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'info_requested';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'awaiting_second_approval';--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"kind" "trade_event_kind" NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"message" text,
	"amount_kobo" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_events_amount_with_first_approval" CHECK (("trade_events"."kind" = 'first_approval') = ("trade_events"."amount_kobo" is not null)),
	CONSTRAINT "trade_events_amount_positive" CHECK ("trade_events"."amount_kobo" is null or "trade_events"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_images" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_events_trade_created_idx" ON "trade_events" USING btree ("trade_id","created_at");--> statement-breakpoint
ALTER TABLE "trade_images" ADD CONSTRAINT "trade_images_event_id_trade_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."trade_events"("id") ON DELETE no action ON UPDATE no action;
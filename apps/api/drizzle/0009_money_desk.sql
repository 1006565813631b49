CREATE TABLE "payout_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_alerts" ADD CONSTRAINT "payout_alerts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_alerts_withdrawal_kind_key" ON "payout_alerts" USING btree ("withdrawal_id","kind");--> statement-breakpoint
CREATE INDEX "payout_alerts_open_idx" ON "payout_alerts" USING btree ("created_at") WHERE "payout_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payout_events_reference_idx" ON "payout_events" USING btree ("reference","created_at");--> statement-breakpoint
CREATE INDEX "payout_webhooks_reference_idx" ON "payout_webhooks" USING btree ("reference","received_at");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_account_number_idx" ON "withdrawals" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "withdrawals_reversed_idx" ON "withdrawals" USING btree ("reversed_at") WHERE "withdrawals"."reversed_at" is not null;
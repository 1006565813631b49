ALTER TYPE "public"."notice_kind" ADD VALUE 'auto_withdrawal_off';--> statement-breakpoint
ALTER TYPE "public"."notice_kind" ADD VALUE 'auto_withdrawal_skipped';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_withdrawal_beneficiary_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_withdrawal_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_withdrawal_stopped_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "trade_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auto_withdrawal_beneficiary_id_beneficiary_accounts_id_fk" FOREIGN KEY ("auto_withdrawal_beneficiary_id") REFERENCES "public"."beneficiary_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_trade_key" ON "withdrawals" USING btree ("trade_id") WHERE "withdrawals"."trade_id" is not null;
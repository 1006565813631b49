ALTER TABLE "events" ADD COLUMN "txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "snapshot" "pg_snapshot" DEFAULT pg_current_snapshot() NOT NULL;--> statement-breakpoint
CREATE INDEX "events_txid_idx" ON "events" USING btree ("txid");
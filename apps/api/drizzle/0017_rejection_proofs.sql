CREATE TABLE "trade_rejection_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trade_rejection_proofs" ADD CONSTRAINT "trade_rejection_proofs_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_rejection_proofs" ADD CONSTRAINT "trade_rejection_proofs_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_rejection_proofs_attached_key" ON "trade_rejection_proofs" USING btree ("trade_id") WHERE "trade_rejection_proofs"."attached_at" is not null;--> statement-breakpoint
ALTER TABLE "trade_photo_hashes" DROP COLUMN "dhash";
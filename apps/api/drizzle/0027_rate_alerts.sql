CREATE TABLE "rate_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subcategory_id" uuid NOT NULL,
	"target_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fired_at" timestamp with time zone,
	"last_fired_rate_kobo" bigint,
	CONSTRAINT "rate_alerts_target_positive" CHECK ("rate_alerts"."target_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD CONSTRAINT "rate_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD CONSTRAINT "rate_alerts_subcategory_id_gift_card_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."gift_card_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_alerts_user_subcategory_key" ON "rate_alerts" USING btree ("user_id","subcategory_id");--> statement-breakpoint
CREATE INDEX "rate_alerts_subcategory_target_idx" ON "rate_alerts" USING btree ("subcategory_id","target_kobo");
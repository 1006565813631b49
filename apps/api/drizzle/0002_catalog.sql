-- Hand-written: trigram search on card names (docs/decisions/008-catalog-search-trigrams.md).
-- pg_trgm is a trusted extension, so the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"rate_kobo" bigint NOT NULL,
	"min_amount" integer NOT NULL,
	"max_amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_subcategories_rate_positive" CHECK ("gift_card_subcategories"."rate_kobo" > 0),
	CONSTRAINT "gift_card_subcategories_min_positive" CHECK ("gift_card_subcategories"."min_amount" > 0),
	CONSTRAINT "gift_card_subcategories_max_not_below_min" CHECK ("gift_card_subcategories"."max_amount" >= "gift_card_subcategories"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"brand_colour" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subcategory_id" uuid NOT NULL,
	"rate_kobo" bigint NOT NULL,
	"changed_by_user_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_card_subcategories" ADD CONSTRAINT "gift_card_subcategories_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_subcategory_id_gift_card_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."gift_card_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_subcategories_card_sort_idx" ON "gift_card_subcategories" USING btree ("gift_card_id","active","sort_order","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_slug_key" ON "gift_cards" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "gift_cards_active_sort_idx" ON "gift_cards" USING btree ("active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "gift_cards_name_trgm_idx" ON "gift_cards" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_changes_subcategory_changed_idx" ON "rate_changes" USING btree ("subcategory_id","changed_at");
--> statement-breakpoint
-- Hand-written: the audit log is append-only, enforced by the database itself.
CREATE FUNCTION "audit_log_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log rows are never updated or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_reject_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_reject_change"();

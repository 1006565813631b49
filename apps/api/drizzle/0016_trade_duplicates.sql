CREATE TYPE "public"."duplicate_match" AS ENUM('code', 'photo');--> statement-breakpoint
CREATE TABLE "trade_code_hashes" (
	"code_hash" text NOT NULL,
	"trade_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_code_hashes_code_hash_trade_id_pk" PRIMARY KEY("code_hash","trade_id")
);
--> statement-breakpoint
CREATE TABLE "trade_duplicates" (
	"trade_id" uuid NOT NULL,
	"earlier_trade_id" uuid NOT NULL,
	"match" "duplicate_match" NOT NULL,
	"distance" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_duplicates_trade_id_earlier_trade_id_match_pk" PRIMARY KEY("trade_id","earlier_trade_id","match")
);
--> statement-breakpoint
CREATE TABLE "trade_photo_hashes" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"dhash" bigint NOT NULL,
	"band_0" integer NOT NULL,
	"band_1" integer NOT NULL,
	"band_2" integer NOT NULL,
	"band_3" integer NOT NULL,
	"band_4" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_code_hashes" ADD CONSTRAINT "trade_code_hashes_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_duplicates" ADD CONSTRAINT "trade_duplicates_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_duplicates" ADD CONSTRAINT "trade_duplicates_earlier_trade_id_trades_id_fk" FOREIGN KEY ("earlier_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_photo_hashes" ADD CONSTRAINT "trade_photo_hashes_image_id_trade_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."trade_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_photo_hashes" ADD CONSTRAINT "trade_photo_hashes_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_duplicates_earlier_idx" ON "trade_duplicates" USING btree ("earlier_trade_id");--> statement-breakpoint
CREATE INDEX "trade_photo_hashes_band_0_idx" ON "trade_photo_hashes" USING btree ("band_0");--> statement-breakpoint
CREATE INDEX "trade_photo_hashes_band_1_idx" ON "trade_photo_hashes" USING btree ("band_1");--> statement-breakpoint
CREATE INDEX "trade_photo_hashes_band_2_idx" ON "trade_photo_hashes" USING btree ("band_2");--> statement-breakpoint
CREATE INDEX "trade_photo_hashes_band_3_idx" ON "trade_photo_hashes" USING btree ("band_3");--> statement-breakpoint
CREATE INDEX "trade_photo_hashes_band_4_idx" ON "trade_photo_hashes" USING btree ("band_4");
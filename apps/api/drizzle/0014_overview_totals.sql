CREATE TABLE "overview_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_daily_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "overview_decision_times" (
	"day" date NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_decision_times_day_bucket_pk" PRIMARY KEY("day","bucket")
);
--> statement-breakpoint
CREATE TABLE "overview_gauges" (
	"metric" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_gauges_not_negative" CHECK ("overview_gauges"."n" >= 0 and "overview_gauges"."kobo" >= 0)
);

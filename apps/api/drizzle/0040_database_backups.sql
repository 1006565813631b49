-- Decision 068: the backups pgBackRest finished, one row each, written by the backup command;
-- /metrics shows the newest one's age (karta_database_backup_age_seconds).
CREATE TABLE "database_backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "database_backups_kind_check" CHECK ("database_backups"."kind" in ('full', 'diff', 'incr')),
	CONSTRAINT "database_backups_finished_after_start" CHECK ("database_backups"."finished_at" >= "database_backups"."started_at")
);
--> statement-breakpoint
CREATE INDEX "database_backups_finished_idx" ON "database_backups" USING btree ("finished_at");
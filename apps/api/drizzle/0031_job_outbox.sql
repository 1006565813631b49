CREATE TABLE "job_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb NOT NULL,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_outbox_created_idx" ON "job_outbox" USING btree ("created_at");
--> statement-breakpoint
-- pg-boss 12 (decision 056) cannot migrate the schema pg-boss 10 left behind (its version 24;
-- pg-boss 12 migrates from 25), so this release takes the jobs that carry work and had not
-- finished (payouts and webhook checks: created, retry, or active under a worker that is gone)
-- into the job outbox, under their own ids, and drops the old schema. pg-boss 12 then installs
-- itself afresh at the first start and the relay queues them there. The cron queues' runs are
-- not carried: their schedules make new ones every minute. A database without pg-boss 10's
-- schema (a new one, or one already on pg-boss 12) is left as it is.
DO $$
BEGIN
  -- Two IFs: an expression naming pgboss.version is planned whole, so it may only run once the
  -- table is known to exist.
  IF to_regclass('pgboss.version') IS NOT NULL THEN
    IF (SELECT max(version) FROM pgboss.version) < 25 THEN
      INSERT INTO job_outbox (id, queue, data, singleton_key, created_at)
      SELECT id, name, coalesce(data, '{}'::jsonb), singleton_key, created_on
        FROM pgboss.job
       WHERE name IN ('payout', 'payout-webhook')
         AND state IN ('created', 'retry', 'active')
      ON CONFLICT (id) DO NOTHING;
      DROP SCHEMA pgboss CASCADE;
    END IF;
  END IF;
END $$;

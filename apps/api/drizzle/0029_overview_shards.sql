CREATE TABLE "overview_daily_shards" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_daily_shards_day_metric_shard_pk" PRIMARY KEY("day","metric","shard")
);
--> statement-breakpoint
CREATE TABLE "overview_decision_time_shards" (
	"day" date NOT NULL,
	"bucket" integer NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_decision_time_shards_day_bucket_shard_pk" PRIMARY KEY("day","bucket","shard")
);
--> statement-breakpoint
CREATE TABLE "overview_gauge_shards" (
	"metric" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_gauge_shards_metric_shard_pk" PRIMARY KEY("metric","shard")
);
--> statement-breakpoint
-- Hand-written from here (decision 044): the running totals of decisions 022 and 026 move to
-- shard tables. Every approval added to the same few rows (today's `trades.approved`, the
-- `trades.pending` gauge, the ledger's daily sums…) and held them until it committed, so
-- concurrent approvals ran one at a time (bench/profiles/README.md). Each database session now
-- adds to its own shard of a total; the old names are views that sum the shards, so every
-- reader (the overview, the books, their tests) reads what it read before.

-- A session's shard: the first of 0..63 no other live session holds (a session-level advisory
-- lock, taken on the session's first write and released when it disconnects), kept in a
-- session setting so later calls cost a lookup. A pool's connections so get shards of their
-- own; a reader sums at most as many rows a total as sessions ever wrote at once. Should all
-- 64 be taken, sessions share by pid. A rolled-back first write loses the setting but not the
-- lock: the next call takes the same shard again (advisory locks stack).
CREATE FUNCTION "overview_shard"() RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
	mine text := current_setting('karta.overview_shard', true);
	k integer;
BEGIN
	IF mine <> '' THEN
		RETURN mine::smallint;
	END IF;
	k := 0;
	WHILE k < 64 AND NOT pg_try_advisory_lock(hashtext('overview_shard'), k) LOOP
		k := k + 1;
	END LOOP;
	IF k = 64 THEN
		k := pg_backend_pid() % 64;
	END IF;
	PERFORM set_config('karta.overview_shard', k::text, false);
	RETURN k;
END;
$$;--> statement-breakpoint
INSERT INTO "overview_gauge_shards" ("metric", "n", "kobo") SELECT "metric", "n", "kobo" FROM "overview_gauges";--> statement-breakpoint
INSERT INTO "overview_daily_shards" ("day", "metric", "n", "kobo") SELECT "day", "metric", "n", "kobo" FROM "overview_daily";--> statement-breakpoint
INSERT INTO "overview_decision_time_shards" ("day", "bucket", "n") SELECT "day", "bucket", "n" FROM "overview_decision_times";--> statement-breakpoint
DROP TABLE "overview_daily";--> statement-breakpoint
DROP TABLE "overview_decision_times";--> statement-breakpoint
DROP TABLE "overview_gauges";--> statement-breakpoint
-- A filter on the grouped columns (one day, a range of days, a metric prefix) is pushed below
-- the GROUP BY: a reader still walks a primary-key range.
CREATE VIEW "overview_gauges" AS
	SELECT "metric", sum("n")::bigint AS "n", sum("kobo")::bigint AS "kobo"
		FROM "overview_gauge_shards" GROUP BY "metric";--> statement-breakpoint
CREATE VIEW "overview_daily" AS
	SELECT "day", "metric", sum("n")::bigint AS "n", sum("kobo")::bigint AS "kobo"
		FROM "overview_daily_shards" GROUP BY "day", "metric";--> statement-breakpoint
CREATE VIEW "overview_decision_times" AS
	SELECT "day", "bucket", sum("n")::integer AS "n"
		FROM "overview_decision_time_shards" GROUP BY "day", "bucket";--> statement-breakpoint
-- Gauges: one upsert into the session's shard, in the metrics' order. A shard may now go below
-- zero (a trade counted into one shard leaves from another), so the per-row CHECK of 0014 went
-- with the old table; the overview test compares the summed gauges with a count of the tables.
CREATE OR REPLACE FUNCTION "overview_gauges_apply"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
	INSERT INTO overview_gauge_shards (metric, shard, n, kobo)
		SELECT key, overview_shard(), (value->>0)::bigint, (value->>1)::bigint
			FROM jsonb_each(coalesce(deltas, '{}'::jsonb))
			WHERE (value->>0)::bigint <> 0 OR (value->>1)::bigint <> 0
			ORDER BY key
		ON CONFLICT (metric, shard) DO UPDATE
			SET n = overview_gauge_shards.n + excluded.n, kobo = overview_gauge_shards.kobo + excluded.kobo
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "overview_trades_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Most updates (claims, notes) move no total: leave at once.
	IF NOT EXISTS (
		SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
			WHERE o.status <> n.status OR o.expected_kobo <> n.expected_kobo) THEN
		RETURN NULL;
	END IF;
	PERFORM overview_gauges_move('trades.', array_agg(o.status::text), array_agg(n.status::text),
			array_agg(o.expected_kobo), array_agg(n.expected_kobo))
		FROM old_rows o JOIN new_rows n USING (id)
		WHERE o.status <> n.status OR o.expected_kobo <> n.expected_kobo;
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())), 'trades.' || n.status::text, overview_shard(),
		       count(*), coalesce(sum(n.final_kobo), 0)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text IN ('approved', 'rejected') AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric, shard) DO UPDATE
			SET n = overview_daily_shards.n + excluded.n, kobo = overview_daily_shards.kobo + excluded.kobo;
	INSERT INTO overview_decision_time_shards (day, bucket, shard, n)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())),
		       overview_duration_bucket(extract(epoch FROM coalesce(n.reviewed_at, now()) - n.created_at)),
		       overview_shard(), count(*)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text IN ('approved', 'rejected') AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, bucket, shard) DO UPDATE SET n = overview_decision_time_shards.n + excluded.n;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "overview_withdrawals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Most updates (attempts, recipient codes) move no total: leave at once.
	IF NOT EXISTS (
		SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
			WHERE o.status <> n.status OR o.amount_kobo <> n.amount_kobo) THEN
		RETURN NULL;
	END IF;
	PERFORM overview_gauges_move('withdrawals.', array_agg(o.status::text), array_agg(n.status::text),
			array_agg(o.amount_kobo), array_agg(n.amount_kobo))
		FROM old_rows o JOIN new_rows n USING (id)
		WHERE o.status <> n.status OR o.amount_kobo <> n.amount_kobo;
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(coalesce(n.completed_at, now())), 'withdrawals.' || n.status::text, overview_shard(),
		       count(*), sum(n.amount_kobo)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text IN ('successful', 'failed') AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric, shard) DO UPDATE
			SET n = overview_daily_shards.n + excluded.n, kobo = overview_daily_shards.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "overview_referrals_rewarded"(rewarded_at timestamptz[], reward_kobo bigint[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(coalesce(at, now())), 'referrals.rewarded', overview_shard(), count(*), sum(kobo)
			FROM unnest(rewarded_at, reward_kobo) AS r(at, kobo) GROUP BY 1 ORDER BY 1
		ON CONFLICT (day, metric, shard) DO UPDATE
			SET n = overview_daily_shards.n + excluded.n, kobo = overview_daily_shards.kobo + excluded.kobo
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "overview_users_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(created_at), 'users.registered', overview_shard(), count(*), 0
			FROM inserted WHERE role::text = 'user' GROUP BY 1 ORDER BY 1
		ON CONFLICT (day, metric, shard) DO UPDATE SET n = overview_daily_shards.n + excluded.n;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "books_trades_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(created_at), 'books.submitted', overview_shard(), count(*), sum(expected_kobo)
			FROM inserted GROUP BY 1 ORDER BY 1
		ON CONFLICT (day, metric, shard) DO UPDATE
			SET n = overview_daily_shards.n + excluded.n, kobo = overview_daily_shards.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "books_trades_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Face value approved, in cents by card currency, on the Lagos day of the approval.
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())), 'books.face.' || n.currency, overview_shard(),
		       count(*), sum(n.amount * 100)::bigint
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text = 'approved' AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric, shard) DO UPDATE
			SET n = overview_daily_shards.n + excluded.n, kobo = overview_daily_shards.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "books_postings_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO overview_daily_shards (day, metric, shard, n, kobo)
		SELECT overview_lagos_day(p.created_at), 'ledger.' || t.kind::text || '.' || a.kind::text, overview_shard(),
		       count(*), sum(p.amount)
			FROM inserted p
			JOIN ledger_transactions t ON t.id = p.transaction_id
			JOIN ledger_accounts a ON a.id = p.account_id
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric, shard) DO UPDATE
			SET n = overview_daily_shards.n + excluded.n, kobo = overview_daily_shards.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;

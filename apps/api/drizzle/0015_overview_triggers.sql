-- Hand-written (decision 022): the console overview's running totals move with every change to
-- trades, withdrawals, referrals and accounts, in the same transaction, so they are never out of
-- step with the tables and the overview never scans them. Metrics are text built from the
-- status, so a status added to an enum later is counted without touching these functions.

-- Lagos is UTC+1 all year (no daylight saving): a fixed offset, as apps/api/src/lib/lagos-time.ts.
CREATE FUNCTION "overview_lagos_day"(moment timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
	SELECT ((moment AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;--> statement-breakpoint
-- A decision's wait as a histogram bucket, named by its upper edge in seconds: whole minutes up
-- to two hours, ten minutes up to a day, whole hours beyond. A day holds a few hundred buckets.
CREATE FUNCTION "overview_duration_bucket"(seconds double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN seconds <= 0 THEN 0
		WHEN seconds <= 7200 THEN ceil(seconds / 60)::integer * 60
		WHEN seconds <= 86400 THEN ceil(seconds / 600)::integer * 600
		ELSE ceil(least(seconds, 2000000000) / 3600)::integer * 3600
	END
$$;--> statement-breakpoint
-- Statement-level triggers with transition tables: one statement that writes a million trades
-- (an import, the bench's seeding) moves each total once, not a million times; row-level
-- triggers would update the same gauge row once per row inside one transaction, each update
-- walking the versions the ones before it left.

-- Gauges move by deltas, one metric at a time in the metrics' order, so two transactions moving
-- rows between the same two statuses in opposite directions queue instead of deadlocking.
-- UPDATE first: a decrement never goes through INSERT, whose CHECK sees the bare (negative)
-- proposed row before ON CONFLICT would add it to the existing one.
CREATE FUNCTION "overview_gauges_apply"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	d record;
BEGIN
	FOR d IN
		SELECT key AS metric, (value->>0)::bigint AS n, (value->>1)::bigint AS kobo
			FROM jsonb_each(coalesce(deltas, '{}'::jsonb)) ORDER BY key
	LOOP
		CONTINUE WHEN d.n = 0 AND d.kobo = 0;
		UPDATE overview_gauges SET n = n + d.n, kobo = kobo + d.kobo WHERE metric = d.metric;
		IF NOT FOUND THEN
			INSERT INTO overview_gauges (metric, n, kobo) VALUES (d.metric, d.n, d.kobo)
				ON CONFLICT (metric) DO UPDATE SET n = overview_gauges.n + d.n, kobo = overview_gauges.kobo + d.kobo;
		END IF;
	END LOOP;
END;
$$;--> statement-breakpoint
-- Rows that changed status (or amount): each leaves its old status's gauge for its new one.
-- Arrays, one element per row, so the trades and withdrawals triggers share it.
CREATE FUNCTION "overview_gauges_move"(prefix text, old_status text[], new_status text[], old_kobo bigint[], new_kobo bigint[]) RETURNS void LANGUAGE sql AS $$
	SELECT overview_gauges_apply((
		SELECT jsonb_object_agg(metric, jsonb_build_array(n, kobo)) FROM (
			SELECT metric, sum(n) AS n, sum(kobo) AS kobo FROM (
				SELECT prefix || os AS metric, -1 AS n, -ok AS kobo FROM unnest(old_status, old_kobo) AS o(os, ok)
				UNION ALL
				SELECT prefix || ns, 1, nk FROM unnest(new_status, new_kobo) AS n(ns, nk)) moves
			GROUP BY metric) d))
$$;--> statement-breakpoint
CREATE FUNCTION "overview_trades_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM overview_gauges_apply((
		SELECT jsonb_object_agg(metric, jsonb_build_array(n, kobo)) FROM (
			SELECT 'trades.' || status::text AS metric, count(*) AS n, sum(expected_kobo) AS kobo
				FROM inserted GROUP BY 1) d));
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "overview_trades_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())), 'trades.' || n.status::text, count(*),
		       coalesce(sum(n.final_kobo), 0)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text IN ('approved', 'rejected') AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;
	INSERT INTO overview_decision_times (day, bucket, n)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())),
		       overview_duration_bucket(extract(epoch FROM coalesce(n.reviewed_at, now()) - n.created_at)), count(*)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text IN ('approved', 'rejected') AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, bucket) DO UPDATE SET n = overview_decision_times.n + excluded.n;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_overview_insert" AFTER INSERT ON "trades" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "overview_trades_inserted"();--> statement-breakpoint
CREATE TRIGGER "trades_overview_update" AFTER UPDATE ON "trades" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_trades_updated"();--> statement-breakpoint
CREATE FUNCTION "overview_withdrawals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM overview_gauges_apply((
		SELECT jsonb_object_agg(metric, jsonb_build_array(n, kobo)) FROM (
			SELECT 'withdrawals.' || status::text AS metric, count(*) AS n, sum(amount_kobo) AS kobo
				FROM inserted GROUP BY 1) d));
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "overview_withdrawals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(coalesce(n.completed_at, now())), 'withdrawals.' || n.status::text, count(*), sum(n.amount_kobo)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text IN ('successful', 'failed') AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "withdrawals_overview_insert" AFTER INSERT ON "withdrawals" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "overview_withdrawals_inserted"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_overview_update" AFTER UPDATE ON "withdrawals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_withdrawals_updated"();--> statement-breakpoint
-- Referral rewards of the day: a referral that became `rewarded`.
CREATE FUNCTION "overview_referrals_rewarded"(rewarded_at timestamptz[], reward_kobo bigint[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(coalesce(at, now())), 'referrals.rewarded', count(*), sum(kobo)
			FROM unnest(rewarded_at, reward_kobo) AS r(at, kobo) GROUP BY 1 ORDER BY 1
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo
$$;--> statement-breakpoint
CREATE FUNCTION "overview_referrals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM overview_referrals_rewarded(array_agg(rewarded_at), array_agg(reward_kobo))
		FROM inserted WHERE status::text = 'rewarded' HAVING count(*) > 0;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "overview_referrals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM overview_referrals_rewarded(array_agg(n.rewarded_at), array_agg(n.reward_kobo))
		FROM old_rows o JOIN new_rows n USING (id)
		WHERE n.status::text = 'rewarded' AND o.status <> n.status HAVING count(*) > 0;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "referrals_overview_insert" AFTER INSERT ON "referrals" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "overview_referrals_inserted"();--> statement-breakpoint
CREATE TRIGGER "referrals_overview_update" AFTER UPDATE ON "referrals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "overview_referrals_updated"();--> statement-breakpoint
-- New sellers: staff accounts made by an admin are not "new accounts".
CREATE FUNCTION "overview_users_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(created_at), 'users.registered', count(*), 0
			FROM inserted WHERE role::text = 'user' GROUP BY 1 ORDER BY 1
		ON CONFLICT (day, metric) DO UPDATE SET n = overview_daily.n + excluded.n;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_overview_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "overview_users_inserted"();--> statement-breakpoint
-- Backfill, so an existing database starts with correct totals (one pass over each table, once).
INSERT INTO overview_gauges (metric, n, kobo)
	SELECT 'trades.' || status::text, count(*), sum(expected_kobo) FROM trades GROUP BY status
	UNION ALL
	SELECT 'withdrawals.' || status::text, count(*), sum(amount_kobo) FROM withdrawals GROUP BY status;--> statement-breakpoint
INSERT INTO overview_daily (day, metric, n, kobo)
	SELECT overview_lagos_day(coalesce(reviewed_at, created_at)), 'trades.' || status::text, count(*), coalesce(sum(final_kobo), 0)
		FROM trades WHERE status::text IN ('approved', 'rejected') GROUP BY 1, 2
	UNION ALL
	SELECT overview_lagos_day(coalesce(completed_at, created_at)), 'withdrawals.' || status::text, count(*), sum(amount_kobo)
		FROM withdrawals WHERE status::text IN ('successful', 'failed') GROUP BY 1, 2
	UNION ALL
	SELECT overview_lagos_day(coalesce(rewarded_at, created_at)), 'referrals.rewarded', count(*), sum(reward_kobo)
		FROM referrals WHERE status::text = 'rewarded' GROUP BY 1
	UNION ALL
	SELECT overview_lagos_day(created_at), 'users.registered', count(*), 0
		FROM users WHERE role::text = 'user' GROUP BY 1;--> statement-breakpoint
INSERT INTO overview_decision_times (day, bucket, n)
	SELECT overview_lagos_day(reviewed_at), overview_duration_bucket(extract(epoch FROM reviewed_at - created_at)), count(*)
		FROM trades WHERE status::text IN ('approved', 'rejected') AND reviewed_at IS NOT NULL GROUP BY 1, 2;

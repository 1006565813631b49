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
CREATE TABLE "ledger_pending_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xact" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_pending_postings" ADD CONSTRAINT "ledger_pending_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_pending_postings" ADD CONSTRAINT "ledger_pending_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_pending_postings_xact_idx" ON "ledger_pending_postings" USING btree ("xact");--> statement-breakpoint
-- Hand-written from here (decision 048): the running totals of decisions 022 and 026 move to
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
--> statement-breakpoint
-- The platform's postings wait for the commit (ledger_pending_postings, decision 048). Every
-- approval moves the trade-funding balance; its row, once updated, stays locked until the
-- transaction has committed, so each statement and each round trip to the API between that
-- UPDATE and the COMMIT was time every other approval waited. Applied by a deferred trigger,
-- the row is locked only while the transaction commits. The first firing in a transaction
-- applies all of its pending postings, in account order (one fixed lock order, however many
-- movements the transaction posted), and deletes them; later firings find nothing left.
CREATE FUNCTION "ledger_apply_pending_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	pending record;
	new_balance bigint;
BEGIN
	FOR pending IN
		SELECT id, transaction_id, account_id, amount, created_at FROM ledger_pending_postings
			WHERE xact = NEW.xact ORDER BY account_id, id
	LOOP
		new_balance := NULL;
		UPDATE ledger_balances SET available = available + pending.amount, updated_at = pending.created_at
			WHERE account_id = pending.account_id RETURNING available INTO new_balance;
		IF new_balance IS NULL THEN
			RAISE EXCEPTION 'ledger account % has no balance row', pending.account_id;
		END IF;
		INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
			VALUES (pending.transaction_id, pending.account_id, pending.amount, new_balance, pending.created_at);
		DELETE FROM ledger_pending_postings WHERE id = pending.id;
	END LOOP;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_pending_postings_apply" AFTER INSERT ON "ledger_pending_postings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_apply_pending_postings"();--> statement-breakpoint
-- A transaction still balances when part of it waits to be applied: the check (0004) counts the
-- pending postings with the applied ones, whichever of the deferred triggers runs first.
CREATE OR REPLACE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total numeric;
	lines integer;
BEGIN
	SELECT coalesce(sum(amount), 0), count(*) INTO total, lines FROM (
		SELECT amount FROM ledger_postings WHERE transaction_id = NEW.transaction_id
		UNION ALL
		SELECT amount FROM ledger_pending_postings
			WHERE xact = pg_current_xact_id()::text::bigint AND transaction_id = NEW.transaction_id) legs;
	IF total <> 0 OR lines < 2 THEN
		RAISE EXCEPTION 'ledger transaction % does not balance (sum %, % postings)', NEW.transaction_id, total, lines
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- postMovements (ledger.service.ts) in one round trip instead of four plus one per posting:
-- the users' accounts opened if needed, their balances locked in id order, each movement
-- recorded once (its key), the users' postings applied in the order given and written in one
-- INSERT with the running balance each left behind; the platform's postings wait for the
-- commit (ledger_pending_postings above). Answers one row per posting: the movement's number
-- (1-based), the account's owner (null for the platform's) and kind, and the balance a user's
-- posting left (null for the platform's, not applied yet); a movement whose key was used
-- before applies nothing and answers no row. A user balance that would go below zero
-- fails with the CHECK of ledger_balances, as an UPDATE of it would.
CREATE FUNCTION "ledger_post_movements"(
	keys text[], kinds ledger_transaction_kind[], descriptions text[], refs text[], at timestamptz,
	leg_movements integer[], leg_owners uuid[], leg_kinds ledger_account_kind[], leg_amounts bigint[]
) RETURNS TABLE (movement_no integer, owner uuid, account_kind ledger_account_kind, balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
	owners uuid[] := ARRAY(SELECT DISTINCT o FROM unnest(leg_owners) AS o WHERE o IS NOT NULL);
	tx_ids uuid[] := '{}';
	tx_id uuid;
	leg record;
	new_balance bigint;
	p_tx uuid[] := '{}';
	p_account uuid[] := '{}';
	p_amount bigint[] := '{}';
	p_balance bigint[] := '{}';
BEGIN
	-- A second caller opening the same accounts waits on the unique index, then does nothing;
	-- each statement below sees what the ones before it wrote (and what others committed).
	WITH opened AS (
		INSERT INTO ledger_accounts (kind, user_id)
		SELECT k, o FROM unnest(owners) AS o
			CROSS JOIN unnest(ARRAY['user_wallet', 'user_withdrawal_hold']::ledger_account_kind[]) AS k
		ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL DO NOTHING
		RETURNING id)
	INSERT INTO ledger_balances (account_id, is_user_account) SELECT id, true FROM opened;
	PERFORM 1 FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
		WHERE a.user_id = ANY(owners)
		  AND a.kind IN (SELECT k FROM unnest(leg_owners, leg_kinds) AS l(o, k) WHERE l.o = a.user_id)
		ORDER BY b.account_id FOR UPDATE OF b;
	FOR i IN 1 .. coalesce(cardinality(keys), 0) LOOP
		tx_id := NULL;
		INSERT INTO ledger_transactions (idempotency_key, kind, description, reference, created_at)
			VALUES (keys[i], kinds[i], descriptions[i], refs[i], at)
			ON CONFLICT (idempotency_key) DO NOTHING
			RETURNING id INTO tx_id;
		tx_ids := tx_ids || tx_id;
	END LOOP;
	FOR leg IN
		SELECT l.mv, l.k, l.amount,
		       (SELECT a.id FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = l.k) AS account_id
			FROM unnest(leg_movements, leg_owners, leg_kinds, leg_amounts) WITH ORDINALITY AS l(mv, o, k, amount, ord)
			WHERE l.o IS NULL AND tx_ids[l.mv] IS NOT NULL
			ORDER BY l.ord
	LOOP
		IF leg.account_id IS NULL THEN
			RAISE EXCEPTION 'no ledger account platform:%', leg.k;
		END IF;
		INSERT INTO ledger_pending_postings (transaction_id, account_id, amount, created_at)
			VALUES (tx_ids[leg.mv], leg.account_id, leg.amount, at);
		movement_no := leg.mv;
		owner := NULL;
		account_kind := leg.k;
		balance := NULL;
		RETURN NEXT;
	END LOOP;
	FOR leg IN
		SELECT l.mv, l.o, l.k, l.amount,
		       (SELECT a.id FROM ledger_accounts a WHERE a.user_id = l.o AND a.kind = l.k) AS account_id
			FROM unnest(leg_movements, leg_owners, leg_kinds, leg_amounts) WITH ORDINALITY AS l(mv, o, k, amount, ord)
			WHERE l.o IS NOT NULL AND tx_ids[l.mv] IS NOT NULL
			ORDER BY l.ord
	LOOP
		new_balance := NULL;
		UPDATE ledger_balances SET available = available + leg.amount, updated_at = at
			WHERE account_id = leg.account_id RETURNING available INTO new_balance;
		IF new_balance IS NULL THEN
			RAISE EXCEPTION 'no ledger account %:% with a balance row', leg.o, leg.k;
		END IF;
		p_tx := p_tx || tx_ids[leg.mv];
		p_account := p_account || leg.account_id;
		p_amount := p_amount || leg.amount;
		p_balance := p_balance || new_balance;
		movement_no := leg.mv;
		owner := leg.o;
		account_kind := leg.k;
		balance := new_balance;
		RETURN NEXT;
	END LOOP;
	INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
		SELECT t, a, m, b, at FROM unnest(p_tx, p_account, p_amount, p_balance) WITH ORDINALITY AS p(t, a, m, b, o)
		ORDER BY o;
END;
$$;--> statement-breakpoint
-- lockBalancesOf (ledger.service.ts) in one round trip: a user's wallet and hold opened if
-- needed, then both balance rows locked in id order (the order ledger_post_movements takes).
CREATE FUNCTION "ledger_lock_user_balances"(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH opened AS (
		INSERT INTO ledger_accounts (kind, user_id)
		SELECT k, owner FROM unnest(ARRAY['user_wallet', 'user_withdrawal_hold']::ledger_account_kind[]) AS k
		ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL DO NOTHING
		RETURNING id)
	INSERT INTO ledger_balances (account_id, is_user_account) SELECT id, true FROM opened;
	PERFORM 1 FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
		WHERE a.user_id = owner ORDER BY b.account_id FOR UPDATE OF b;
END;
$$;

-- Hand-written (decision 026): the books (`GET /api/v1/admin/reports/daily`) read the
-- overview's per-Lagos-day table (decision 022), extended by three more statement-level
-- triggers that write to it. Their own triggers, not a change to the overview's functions, so
-- the two features can change apart. Metrics added to `overview_daily`:
--   books.submitted                     trades created that day (n; kobo = expected naira)
--   books.face.<currency>               trades approved that day (n; kobo = face value in whole
--                                       units of the card currency, not kobo)
--   ledger.<transaction kind>.<account> every posting of the day: n postings, kobo their sum
-- The money figures come from the ledger rows themselves, so the books agree with the ledger by
-- construction; the float at the end of a day is the running sum of the net postings to seller
-- wallets and holds up to that day.

CREATE FUNCTION "books_trades_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(created_at), 'books.submitted', count(*), sum(expected_kobo)
			FROM inserted GROUP BY 1 ORDER BY 1
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "books_trades_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Face value approved, by card currency, on the Lagos day of the approval (as trades.approved).
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())), 'books.face.' || n.currency, count(*), sum(n.amount)
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text = 'approved' AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_books_insert" AFTER INSERT ON "trades" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "books_trades_inserted"();--> statement-breakpoint
CREATE TRIGGER "trades_books_update" AFTER UPDATE ON "trades" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "books_trades_updated"();--> statement-breakpoint
-- Postings are immutable (triggers refuse UPDATE and DELETE), so INSERT is the only change.
-- A posting's day is its own `created_at` (the app's clock of the movement), as the statement's.
CREATE FUNCTION "books_postings_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(p.created_at), 'ledger.' || t.kind::text || '.' || a.kind::text, count(*), sum(p.amount)
			FROM inserted p
			JOIN ledger_transactions t ON t.id = p.transaction_id
			JOIN ledger_accounts a ON a.id = p.account_id
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_books_insert" AFTER INSERT ON "ledger_postings" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "books_postings_inserted"();--> statement-breakpoint
-- Backfill, so an existing database starts with the right books (one pass over each table, once).
INSERT INTO overview_daily (day, metric, n, kobo)
	SELECT overview_lagos_day(created_at), 'books.submitted', count(*), sum(expected_kobo)
		FROM trades GROUP BY 1
	UNION ALL
	SELECT overview_lagos_day(coalesce(reviewed_at, created_at)), 'books.face.' || currency, count(*), sum(amount)
		FROM trades WHERE status::text = 'approved' GROUP BY 1, 2
	UNION ALL
	SELECT overview_lagos_day(p.created_at), 'ledger.' || t.kind::text || '.' || a.kind::text, count(*), sum(p.amount)
		FROM ledger_postings p
		JOIN ledger_transactions t ON t.id = p.transaction_id
		JOIN ledger_accounts a ON a.id = p.account_id
		GROUP BY 1, 2
ON CONFLICT (day, metric) DO UPDATE
	SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;

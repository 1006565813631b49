ALTER TABLE "trades" ALTER COLUMN "amount" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
-- Hand-written (decision 043): the books' face value (`books.face.<currency>`, migration 0021)
-- is kept in cents of the card currency from now on, so $50.50 adds up exactly in the bigint
-- column; the days already counted in whole units are turned into cents once, here.
CREATE OR REPLACE FUNCTION "books_trades_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Face value approved, in cents by card currency, on the Lagos day of the approval.
	INSERT INTO overview_daily (day, metric, n, kobo)
		SELECT overview_lagos_day(coalesce(n.reviewed_at, now())), 'books.face.' || n.currency, count(*), sum(n.amount * 100)::bigint
			FROM old_rows o JOIN new_rows n USING (id)
			WHERE n.status::text = 'approved' AND o.status <> n.status
			GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, metric) DO UPDATE
			SET n = overview_daily.n + excluded.n, kobo = overview_daily.kobo + excluded.kobo;
	RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE overview_daily SET kobo = kobo * 100 WHERE metric LIKE 'books.face.%';

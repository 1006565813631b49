-- Hand-written: a trade's events are its evidence (who asked, who answered, who approved how
-- much, who confirmed), kept as written.
CREATE FUNCTION "trade_events_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'trade events are never updated or deleted; add another instead' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trade_events_append_only" BEFORE UPDATE OR DELETE ON "trade_events" FOR EACH ROW EXECUTE FUNCTION "trade_events_reject_change"();--> statement-breakpoint
CREATE TRIGGER "trade_events_no_truncate" BEFORE TRUNCATE ON "trade_events" FOR EACH STATEMENT EXECUTE FUNCTION "trade_events_reject_change"();

CREATE TABLE "trade_counts" (
	"user_id" uuid NOT NULL,
	"status" "trade_status" NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trade_counts_user_id_status_pk" PRIMARY KEY("user_id","status"),
	CONSTRAINT "trade_counts_not_negative" CHECK ("trade_counts"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trade_counts" ADD CONSTRAINT "trade_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_bvn_hash_key" ON "users" USING btree ("bvn_hash") WHERE "users"."bvn_hash" is not null;--> statement-breakpoint
-- Hand-written: the counts move with every new trade and every status change, in the same
-- transaction, so they are never out of step with the table.
CREATE FUNCTION "trade_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW.status = OLD.status THEN RETURN NULL; END IF;
		UPDATE trade_counts SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status;
	END IF;
	INSERT INTO trade_counts (user_id, status, n) VALUES (NEW.user_id, NEW.status, 1)
		ON CONFLICT (user_id, status) DO UPDATE SET n = trade_counts.n + 1;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_count_insert" AFTER INSERT ON "trades" FOR EACH ROW EXECUTE FUNCTION "trade_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "trades_count_status" AFTER UPDATE OF "status" ON "trades" FOR EACH ROW EXECUTE FUNCTION "trade_counts_follow"();--> statement-breakpoint
INSERT INTO "trade_counts" ("user_id", "status", "n")
	SELECT "user_id", "status", count(*) FROM "trades" GROUP BY "user_id", "status";

-- A user's trades are listed with `order by created_at desc, id desc`, which is NULLS FIRST.
-- The indexes were DESC NULLS LAST, so the planner could not read them in that order and
-- sorted all of the user's trades for every page instead.
DROP INDEX "trades_user_created_idx";--> statement-breakpoint
DROP INDEX "trades_user_status_created_idx";--> statement-breakpoint
CREATE INDEX "trades_user_created_idx" ON "trades" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trades_user_status_created_idx" ON "trades" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
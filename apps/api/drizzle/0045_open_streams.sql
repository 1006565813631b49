CREATE TABLE "open_streams" (
	"process_id" uuid NOT NULL,
	"stream_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_streams_process_id_stream_id_pk" PRIMARY KEY("process_id","stream_id")
);
--> statement-breakpoint
ALTER TABLE "open_streams" ADD CONSTRAINT "open_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_streams_user_id_idx" ON "open_streams" USING btree ("user_id");--> statement-breakpoint
-- Room on each page for the heartbeat's new row versions: the update of seen_at (not indexed) stays a HOT update (decision 079).
ALTER TABLE "open_streams" SET (fillfactor = 50);

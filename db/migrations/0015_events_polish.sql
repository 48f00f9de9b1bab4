CREATE TABLE "event_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"mode" "event_mode" NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_drafts_step" CHECK ("event_drafts"."step" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_norm(display_name || ' ' || coalesce(username::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "event_shares" ADD COLUMN "day" date DEFAULT (now() at time zone 'Europe/Istanbul')::date NOT NULL;--> statement-breakpoint
-- Hand-written (issue 18): existing shares get the Turkish day they were made on, and repeats of the
-- same user, channel and day collapse into the first, so the unique index below can be built.
UPDATE "event_shares" SET "day" = ("created_at" at time zone 'Europe/Istanbul')::date;--> statement-breakpoint
DELETE FROM "event_shares" a USING "event_shares" b
  WHERE a."event_id" = b."event_id" AND a."user_id" = b."user_id" AND a."channel" = b."channel"
    AND a."day" = b."day" AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
ALTER TABLE "event_drafts" ADD CONSTRAINT "event_drafts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_drafts_host_idx" ON "event_drafts" USING btree ("host_id","updated_at");--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "event_shares_once_a_day_idx" ON "event_shares" USING btree ("event_id","user_id","channel","day");
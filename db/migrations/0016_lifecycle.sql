CREATE TYPE "public"."series_frequency" AS ENUM('weekly', 'biweekly');--> statement-breakpoint
ALTER TYPE "public"."join_request_status" ADD VALUE 'waitlisted';--> statement-breakpoint
ALTER TYPE "public"."join_request_status" ADD VALUE 'offered';--> statement-breakpoint
ALTER TYPE "public"."join_request_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'event_reminder';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'waitlist_offer';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'waitlist_offer_expired';--> statement-breakpoint
CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"frequency" "series_frequency" NOT NULL,
	"occurrences" integer NOT NULL,
	"until_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_series_occurrences" CHECK ("event_series"."occurrences" between 2 and 12)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_event_id_user_id_kind_pk" PRIMARY KEY("event_id","user_id","kind"),
	CONSTRAINT "reminders_sent_kind" CHECK ("reminders_sent"."kind" in ('24h', '1h'))
);
--> statement-breakpoint
DROP INDEX "join_requests_active_unique";--> statement-breakpoint
-- Hand-written (ADR 045): whether a join request still holds its place in line or the event. The new
-- enum values cannot be used as enum literals in this transaction, and a cast of an enum to text is
-- only stable, which an index predicate refuses; comparing the text here is safe because enum labels
-- are never renamed in this schema.
CREATE FUNCTION join_request_active(s join_request_status) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s::text IN ('pending', 'accepted', 'waitlisted', 'offered') $$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "auto_approval" jsonb;--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "attended" boolean;--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "attendance_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "auto_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "waitlist" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_series_host_idx" ON "event_series" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id","starts_at") WHERE "events"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "join_requests_waitlist_idx" ON "join_requests" USING btree ("event_id","waitlisted_at") WHERE "join_requests"."waitlisted_at" is not null;--> statement-breakpoint
CREATE INDEX "join_requests_offer_expiry_idx" ON "join_requests" USING btree ("offer_expires_at") WHERE "join_requests"."offer_expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_active_unique" ON "join_requests" USING btree ("event_id","user_id") WHERE join_request_active("join_requests"."status");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_token_unique" UNIQUE("calendar_token");
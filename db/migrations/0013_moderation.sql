CREATE TYPE "public"."appeal_status" AS ENUM('open', 'upheld', 'overturned');--> statement-breakpoint
CREATE TYPE "public"."content_flag_status" AS ENUM('open', 'kept', 'removed');--> statement-breakpoint
CREATE TYPE "public"."moderation_action_kind" AS ENUM('dismiss', 'warn', 'remove_content', 'cancel_event', 'suspend', 'restore', 'keep_content', 'auto_hide', 'auto_pause_joins', 'appeal_upheld', 'appeal_overturned');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'moderation_warning';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'content_removed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'report_resolved';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'appeal_decided';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'account_restored';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'moderator' BEFORE 'admin';--> statement-breakpoint
CREATE TABLE "content_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"event_id" uuid,
	"subject_id" uuid,
	"text" text NOT NULL,
	"verdict" "check_verdict" NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"engine" text DEFAULT 'rules' NOT NULL,
	"status" "content_flag_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"action" "moderation_action_kind" NOT NULL,
	"target_user_id" uuid NOT NULL,
	"report_id" uuid,
	"flag_id" uuid,
	"event_id" uuid,
	"appeal_of" uuid,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" "appeal_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_note" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_from_discovery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "join_requests_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "host_hidden_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_flag_id_content_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."content_flags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_flags_status_idx" ON "content_flags" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "content_flags_author_idx" ON "content_flags" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_once" ON "moderation_appeals" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_status_idx" ON "moderation_appeals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_user_id","created_at");--> statement-breakpoint
-- events.host_hidden_until follows the host's suspension and the report safeguard (ADR 039), here in
-- the database so every path that changes a user or creates an event keeps it right, and list queries
-- filter on the events row alone (no join: the nearest-first index plan stays, ADR 008).
CREATE FUNCTION user_hidden_until(hidden_at timestamptz, suspended_at timestamptz, suspended_until timestamptz)
RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN hidden_at IS NOT NULL THEN timestamptz '9999-12-31 00:00:00+00'
    WHEN suspended_at IS NOT NULL THEN coalesce(suspended_until, timestamptz '9999-12-31 00:00:00+00')
    ELSE NULL
  END
$$;
--> statement-breakpoint
CREATE FUNCTION users_moderation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  until timestamptz := user_hidden_until(NEW.hidden_from_discovery_at, NEW.suspended_at, NEW.suspended_until);
BEGIN
  UPDATE events SET host_hidden_until = until
  WHERE host_id = NEW.id AND host_hidden_until IS DISTINCT FROM until;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_moderation_changed AFTER UPDATE OF hidden_from_discovery_at, suspended_at, suspended_until ON users
  FOR EACH ROW
  WHEN (OLD.hidden_from_discovery_at IS DISTINCT FROM NEW.hidden_from_discovery_at
     OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at
     OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until)
  EXECUTE FUNCTION users_moderation_changed();
--> statement-breakpoint
CREATE FUNCTION events_host_hidden_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT user_hidden_until(u.hidden_from_discovery_at, u.suspended_at, u.suspended_until)
    INTO NEW.host_hidden_until FROM users u WHERE u.id = NEW.host_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_host_hidden_on_insert BEFORE INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION events_host_hidden_on_insert();

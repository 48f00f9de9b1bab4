ALTER TABLE "users" ADD COLUMN "hosted_events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hosted_participants" integer DEFAULT 0 NOT NULL;
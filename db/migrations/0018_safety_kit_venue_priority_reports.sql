CREATE TYPE "public"."report_subject" AS ENUM('person', 'event');--> statement-breakpoint
CREATE TYPE "public"."venue_type" AS ENUM('cafe_restaurant', 'park_square', 'sports_facility', 'campus', 'private_home', 'other');--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue_type" "venue_type";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject" "report_subject" DEFAULT 'person' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_priority_once_idx" ON "reports" USING btree ("reporter_id","event_id") WHERE "reports"."priority";
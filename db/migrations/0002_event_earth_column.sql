DROP INDEX "events_public_earth_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_earth" "cube" GENERATED ALWAYS AS (ll_to_earth(public_lat, public_lng)) STORED;--> statement-breakpoint
CREATE INDEX "events_public_earth_idx" ON "events" USING gist ("public_earth");
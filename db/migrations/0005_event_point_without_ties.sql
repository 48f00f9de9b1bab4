ALTER TABLE "events" drop column "public_earth";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_earth" "cube" GENERATED ALWAYS AS (ll_to_earth(public_lat + (hashtext(id::text) % 1000000) * 1e-10, public_lng + (hashtext(reverse(id::text)) % 1000000) * 1e-10)) STORED;--> statement-breakpoint
CREATE INDEX "events_public_earth_idx" ON "events" USING gist ("public_earth");
-- Hand-written around drizzle-kit's column change (ADR 051): a pg_dump must restore. pg_restore runs
-- with an empty search_path, so a function body that names another function, type or dictionary
-- without its schema fails there, and the table whose generated column calls it is never created.
-- Functions that feed generated columns name everything with its schema and carry no SET clause
-- (a SET clause stops the planner inlining a SQL function); trigger functions get SET search_path.
CREATE OR REPLACE FUNCTION public.search_norm(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::pg_catalog.regdictionary, pg_catalog.translate(input, 'İIı', 'iii'))) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.event_search_doc(title text, description text, tags text[], place text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_norm(pg_catalog.concat_ws(' ', title, pg_catalog.array_to_string(tags, ' '), place, description)) $$;
--> statement-breakpoint
-- earthdistance 1.1's ll_to_earth, the same arithmetic with every call qualified: the extension's own
-- body calls cube() and earth() unqualified, and a change to an extension's function is not dumped.
CREATE OR REPLACE FUNCTION public.earth_point(lat double precision, lng double precision) RETURNS public.earth
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.cube(public.cube(public.cube(public.earth() * pg_catalog.cos(pg_catalog.radians(lat)) * pg_catalog.cos(pg_catalog.radians(lng))), public.earth() * pg_catalog.cos(pg_catalog.radians(lat)) * pg_catalog.sin(pg_catalog.radians(lng))), public.earth() * pg_catalog.sin(pg_catalog.radians(lat)))::public.earth $$;
--> statement-breakpoint
ALTER TABLE "events" drop column "public_earth";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "public_earth" "cube" GENERATED ALWAYS AS (public.earth_point(public_lat + (hashtext(id::text) % 1000000) * 1e-10, public_lng + (hashtext(reverse(id::text)) % 1000000) * 1e-10)) STORED;--> statement-breakpoint
-- Dropping the column dropped its index.
CREATE INDEX "events_public_earth_idx" ON "events" USING gist ("public_earth");--> statement-breakpoint
ALTER FUNCTION public.events_host_counters_inserted() SET search_path = pg_catalog, public;--> statement-breakpoint
ALTER FUNCTION public.events_host_counters_updated() SET search_path = pg_catalog, public;--> statement-breakpoint
ALTER FUNCTION public.events_host_counters_deleted() SET search_path = pg_catalog, public;--> statement-breakpoint
ALTER FUNCTION public.users_moderation_changed() SET search_path = pg_catalog, public;--> statement-breakpoint
ALTER FUNCTION public.events_host_hidden_on_insert() SET search_path = pg_catalog, public;

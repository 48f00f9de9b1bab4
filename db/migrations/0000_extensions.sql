-- Extensions every later migration relies on; all ship with PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
--> statement-breakpoint
-- Turkish search folding: İ, I and ı all become i first (lower() alone would map I to i but leave ı),
-- then unaccent drops the marks of ç ğ ö ş ü, then lower. IMMUTABLE so it can feed generated
-- columns and indexes; the dictionary is named explicitly so the result does not depend on search_path.
CREATE OR REPLACE FUNCTION search_norm(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, translate(input, 'İIı', 'iii'))) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION event_search_doc(title text, description text, tags text[], place text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT search_norm(concat_ws(' ', title, array_to_string(tags, ' '), place, description)) $$;

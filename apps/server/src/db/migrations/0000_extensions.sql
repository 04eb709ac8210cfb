CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE; tags are text[], whose output never changes, so this wrapper is safe to mark IMMUTABLE for the generated search column.
CREATE OR REPLACE FUNCTION remi_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;

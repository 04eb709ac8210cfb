-- Tag filters are case-insensitive: memories are matched on their lower-cased tags, through an index on this expression.
-- lower() is IMMUTABLE and a text[] value never changes, so the wrapper is safe to mark IMMUTABLE for an index.
CREATE OR REPLACE FUNCTION remi_lower_tags(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(t) ORDER BY o), '{}'::text[]) FROM unnest(tags) WITH ORDINALITY AS u(t, o) $$;

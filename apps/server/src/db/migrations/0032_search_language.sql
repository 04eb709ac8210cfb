-- Issue 51: a memory's words are stemmed in its owner's language ("plantas" finds "planta" in Spanish),
-- PostgreSQL's own Snowball configurations for the five languages Remi speaks. The language is kept on
-- the row (the generated column can read only its own row): set from users.language on insert, and
-- again, a batch at a time, by the job that follows a change of language (modules/memories).
CREATE OR REPLACE FUNCTION remi_search_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE language
    WHEN 'pt-PT' THEN 'pg_catalog.portuguese'::regconfig
    WHEN 'es' THEN 'pg_catalog.spanish'::regconfig
    WHEN 'fr' THEN 'pg_catalog.french'::regconfig
    WHEN 'de' THEN 'pg_catalog.german'::regconfig
    ELSE 'pg_catalog.english'::regconfig
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remi_memories_search_language() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_language := coalesce((SELECT language FROM users WHERE id = NEW.user_id), 'en');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER memories_search_language BEFORE INSERT ON "memories"
  FOR EACH ROW EXECUTE FUNCTION remi_memories_search_language();--> statement-breakpoint
-- One ALTER, so the table is rewritten once; dropping the column drops its GIN index, made again below.
-- English rows get the same words as before ('english' is pg_catalog.english).
ALTER TABLE "memories"
  ADD COLUMN "search_language" text DEFAULT 'en' NOT NULL,
  DROP COLUMN "search",
  ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(remi_search_config("search_language"), "text"), 'A') || setweight(to_tsvector(remi_search_config("search_language"), remi_tags_text("tags") || ' ' || "attachment_text"), 'B') || setweight(to_tsvector('simple'::regconfig, "text" || ' ' || remi_tags_text("tags") || ' ' || "attachment_text"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "memories_user_search_idx" ON "memories" USING gin ("user_id","search");--> statement-breakpoint
-- Those who chose another language already (migration 0031): their memories in it. memory_terms follows
-- through its update trigger.
UPDATE "memories" m SET "search_language" = u."language" FROM "users" u
  WHERE u."id" = m."user_id" AND u."language" <> 'en';

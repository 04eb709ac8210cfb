-- A search is whole words, stemmed, or the words as typed with the last one a prefix (memories.repo.ts):
-- the words as written (weight D) now include the tags, so the prefix of a tag matches too, and the
-- stemmed prefix is no longer needed. One ALTER, so the table is rewritten once; dropping the column drops
-- its GIN index, made again below.
ALTER TABLE "memories"
  DROP COLUMN "search",
  ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, remi_tags_text("tags")), 'B') || setweight(to_tsvector('simple'::regconfig, "text" || ' ' || remi_tags_text("tags")), 'D')) STORED,
  -- Lower-cased tags stored: the tag filter checked remi_lower_tags() per row (a SQL function call each,
  -- 13 ms for a page at 100 000 memories); an array compare is cheap.
  ADD COLUMN "tags_lower" text[] GENERATED ALWAYS AS (remi_lower_tags("tags")) STORED;--> statement-breakpoint
CREATE INDEX "memories_user_search_idx" ON "memories" USING gin ("user_id","search");--> statement-breakpoint
DROP INDEX "memories_lower_tags_idx";--> statement-breakpoint
-- Not led by user_id (schema.ts says why).
CREATE INDEX "memories_tags_lower_idx" ON "memories" USING gin ("tags_lower");

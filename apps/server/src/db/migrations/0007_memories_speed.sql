-- Every search is one user's. A GIN index that leads with user_id (btree_gin's uuid operator class) reads that
-- user's postings only; the old index read every user's and filtered the rows afterwards.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The start of a word as it is typed ('runnin', whose stem 'run' it does not start) is matched on the text's
-- words as written, now part of the search column (weight D), instead of an ILIKE through a trigram index,
-- whose every match the heap had to check again: one tsquery, one index scan (memories.repo.ts).
DROP INDEX "memories_search_idx";--> statement-breakpoint
DROP INDEX "memories_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "memories" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, remi_tags_text("tags")), 'B') || setweight(to_tsvector('simple'::regconfig, "text"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "memories_user_search_idx" ON "memories" USING gin ("user_id","search");--> statement-breakpoint
-- Each user's number of memories for the list's exact total, without counting 100 000 rows per page. Kept by
-- statement triggers, so every write path (create, delete, import, a deleted user) updates it in its own
-- transaction; the counter row stays locked until that transaction ends, so concurrent writes add up.
CREATE TABLE "memory_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_counts" ADD CONSTRAINT "memory_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "memory_counts" ("user_id", "total") SELECT "user_id", count(*) FROM "memories" GROUP BY "user_id";--> statement-breakpoint
CREATE FUNCTION remi_memory_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_counts AS c (user_id, total)
    SELECT user_id, count(*) FROM inserted GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update only, never an insert: when a user is deleted, their counter row may already be gone.
CREATE FUNCTION remi_memory_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memory_counts AS c SET total = c.total - d.n
    FROM (SELECT user_id, count(*) AS n FROM deleted GROUP BY user_id) AS d
    WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The app never moves a memory to another user; should anything, the totals still follow.
CREATE FUNCTION remi_memory_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_rows b JOIN after_rows a ON a.id = b.id WHERE a.user_id <> b.user_id) THEN
    UPDATE memory_counts AS c SET total = c.total - d.n
      FROM (SELECT user_id, count(*) AS n FROM before_rows GROUP BY user_id) AS d
      WHERE c.user_id = d.user_id;
    INSERT INTO memory_counts AS c (user_id, total)
      SELECT user_id, count(*) FROM after_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER memory_counts_inserted AFTER INSERT ON "memories"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION remi_memory_counts_inserted();--> statement-breakpoint
CREATE TRIGGER memory_counts_deleted AFTER DELETE ON "memories"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION remi_memory_counts_deleted();--> statement-breakpoint
CREATE TRIGGER memory_counts_moved AFTER UPDATE ON "memories"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION remi_memory_counts_moved();

-- Recall weighs a word by how rare it is among the user's own memories (BM25's IDF: modules/recall/):
-- how many of their memories hold each stemmed word of text or tags (weights A and B of `search`; the
-- words as written, D, are there for prefixes only), kept by statement triggers in the same transaction
-- as every write, as memory_counts is. A word no memory holds any more keeps its row at 0 (deleting it
-- would need a second pass over the table per write; the rows are the user's vocabulary, not their memories).
-- Named after memory_counts_*: triggers fire in name order, so a writer first waits on the user's
-- memory_counts row and two writers of one user never take these rows in opposite orders.
CREATE OR REPLACE FUNCTION remi_memory_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_terms AS t (user_id, term, memories)
    SELECT n.user_id, l.lexeme, count(*) FROM inserted n, unnest(n.search) l
    WHERE l.weights && '{A,B}'::text[]
    GROUP BY n.user_id, l.lexeme ORDER BY 1, 2
    ON CONFLICT (user_id, term) DO UPDATE SET memories = t.memories + excluded.memories;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remi_memory_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memory_terms AS t SET memories = greatest(t.memories - d.n, 0)
    FROM (SELECT o.user_id, l.lexeme, count(*) AS n FROM deleted o, unnest(o.search) l
      WHERE l.weights && '{A,B}'::text[] GROUP BY o.user_id, l.lexeme) AS d
    WHERE t.user_id = d.user_id AND t.term = d.lexeme;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remi_memory_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only what changed: an edit that keeps its words (a date, a restore) writes nothing here.
  INSERT INTO memory_terms AS t (user_id, term, memories)
    SELECT user_id, lexeme, sum(n) FROM (
      SELECT a.user_id, l.lexeme, 1 AS n FROM after_rows a, unnest(a.search) l
        WHERE l.weights && '{A,B}'::text[]
      UNION ALL
      SELECT b.user_id, l.lexeme, -1 AS n FROM before_rows b, unnest(b.search) l
        WHERE l.weights && '{A,B}'::text[]) AS x
    GROUP BY user_id, lexeme HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (user_id, term) DO UPDATE SET memories = greatest(t.memories + excluded.memories, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER memory_terms_inserted AFTER INSERT ON "memories"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION remi_memory_terms_inserted();--> statement-breakpoint
CREATE TRIGGER memory_terms_deleted AFTER DELETE ON "memories"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION remi_memory_terms_deleted();--> statement-breakpoint
CREATE TRIGGER memory_terms_changed AFTER UPDATE ON "memories"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION remi_memory_terms_changed();--> statement-breakpoint
-- The memories already there.
INSERT INTO memory_terms (user_id, term, memories)
  SELECT m.user_id, l.lexeme, count(*) FROM memories m, unnest(m.search) l
  WHERE l.weights && '{A,B}'::text[]
  GROUP BY m.user_id, l.lexeme
  ON CONFLICT (user_id, term) DO NOTHING;

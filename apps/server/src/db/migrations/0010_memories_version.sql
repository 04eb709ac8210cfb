ALTER TABLE "briefings" ADD COLUMN "memories_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that writes a user's memories counts one more version on their counter row, in its own
-- transaction (the briefing made before it is then out of date: dashboard.service.ts).
CREATE OR REPLACE FUNCTION remi_memory_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_counts AS c (user_id, total, version)
    SELECT user_id, count(*), 1 FROM inserted GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total, version = c.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remi_memory_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memory_counts AS c SET total = c.total - d.n, version = c.version + 1
    FROM (SELECT user_id, count(*) AS n FROM deleted GROUP BY user_id) AS d
    WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remi_memory_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_rows b JOIN after_rows a ON a.id = b.id WHERE a.user_id <> b.user_id) THEN
    UPDATE memory_counts AS c SET total = c.total - d.n
      FROM (SELECT user_id, count(*) AS n FROM before_rows GROUP BY user_id) AS d
      WHERE c.user_id = d.user_id;
    INSERT INTO memory_counts AS c (user_id, total)
      SELECT user_id, count(*) FROM after_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  UPDATE memory_counts AS c SET version = c.version + 1
    WHERE c.user_id IN (SELECT user_id FROM after_rows UNION SELECT user_id FROM before_rows);
  RETURN NULL;
END $$;

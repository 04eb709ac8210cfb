-- Undated memories are listed by the day they were created, in the user's zone, among the dated ones.
-- The day is stored at write time (memories.repo.ts) so the list stays one index range scan.
ALTER TABLE "memories" ADD COLUMN "sort_date" date;--> statement-breakpoint
-- Existing rows: the date, else the creation day in the user's zone (UTC for a zone this server does not know).
UPDATE "memories" AS m
SET "sort_date" = coalesce(m."date", (m."created_at" AT TIME ZONE z."zone")::date)
FROM (
  SELECT u."id", CASE WHEN u."timezone" IN (SELECT "name" FROM pg_timezone_names) THEN u."timezone" ELSE 'UTC' END AS "zone"
  FROM "users" AS u
) AS z
WHERE z."id" = m."user_id";--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "sort_date" SET NOT NULL;--> statement-breakpoint
DROP INDEX "memories_user_date_idx";--> statement-breakpoint
DROP INDEX "memories_user_undated_created_idx";--> statement-breakpoint
CREATE INDEX "memories_user_sort_idx" ON "memories" USING btree ("user_id","sort_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);

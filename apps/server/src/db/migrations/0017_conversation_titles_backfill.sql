-- Conversations from before titles: the first words of their first user message, as the chat names a
-- new one (conversation-title.ts offlineTitle: eight words on one line, '…' when there are more, 120
-- characters at most).
UPDATE "conversations" AS c
SET "title" = CASE WHEN length(first.title) > 120 THEN left(first.title, 119) || '…' ELSE first.title END
FROM (
  SELECT DISTINCT ON (m."conversation_id")
    m."conversation_id",
    array_to_string(w.words[1:8], ' ') || CASE WHEN cardinality(w.words) > 8 THEN '…' ELSE '' END AS title
  FROM "chat_messages" AS m
  CROSS JOIN LATERAL (
    SELECT regexp_split_to_array(btrim(regexp_replace(m."content", '\s+', ' ', 'g')), ' ') AS words
  ) AS w
  WHERE m."role" = 'user' AND btrim(m."content") <> ''
  ORDER BY m."conversation_id", m."created_at", m."id"
) AS first
WHERE c."id" = first."conversation_id" AND c."title" IS NULL;

-- A reminder made from a private memory stays private when the link goes (the memory deleted, then
-- brought back by Undo without it): the flag is on the reminder. The trigger keeps it the linked
-- memory's whenever that memory's `private` changes, by any path (an edit, an undo, an import).
ALTER TABLE "reminders" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE reminders r SET private = true FROM memories m WHERE m.id = r.memory_id AND m.private;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remi_reminders_follow_memory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reminders SET private = NEW.private WHERE memory_id = NEW.id AND private <> NEW.private;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER remi_reminders_follow_memory AFTER UPDATE OF private ON memories
  FOR EACH ROW WHEN (OLD.private IS DISTINCT FROM NEW.private)
  EXECUTE FUNCTION remi_reminders_follow_memory();

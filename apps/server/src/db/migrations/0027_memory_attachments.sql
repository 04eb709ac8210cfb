-- Files on memories (issue 49): their bytes in the database (every instance, the export and a backup
-- carry them), deleted with their memory.
CREATE TABLE "memory_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"memory_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"pages" integer,
	"status" text DEFAULT 'reading' NOT NULL,
	"reason" text,
	"text" text,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_attachments" ADD CONSTRAINT "memory_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_attachments" ADD CONSTRAINT "memory_attachments_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_attachments_memory_idx" ON "memory_attachments" USING btree ("user_id","memory_id","created_at");--> statement-breakpoint
-- The files' words are searched with the memory's tags (weight B, which recall and memory_terms count)
-- and as written (D, for the word being typed). One ALTER, so the table is rewritten once; dropping the
-- column drops its GIN index, made again below.
ALTER TABLE "memories"
  ADD COLUMN "attachment_text" text DEFAULT '' NOT NULL,
  DROP COLUMN "search",
  ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, remi_tags_text("tags") || ' ' || "attachment_text"), 'B') || setweight(to_tsvector('simple'::regconfig, "text" || ' ' || remi_tags_text("tags") || ' ' || "attachment_text"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "memories_user_search_idx" ON "memories" USING gin ("user_id","search");

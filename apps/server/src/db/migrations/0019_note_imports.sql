CREATE TABLE "note_import_items" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"memory_id" uuid NOT NULL,
	"text" text NOT NULL,
	"tags" text[] NOT NULL,
	"date" date,
	"created_at" timestamp with time zone,
	CONSTRAINT "note_import_items_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "note_import_memories" (
	"import_id" uuid NOT NULL,
	"memory_id" uuid NOT NULL,
	CONSTRAINT "note_import_memories_import_id_memory_id_pk" PRIMARY KEY("import_id","memory_id")
);
--> statement-breakpoint
CREATE TABLE "note_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"fingerprint" text NOT NULL,
	"counts" jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "note_import_items" ADD CONSTRAINT "note_import_items_import_id_note_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."note_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_import_memories" ADD CONSTRAINT "note_import_memories_import_id_note_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."note_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_imports" ADD CONSTRAINT "note_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_imports_user_idx" ON "note_imports" USING btree ("user_id","created_at");
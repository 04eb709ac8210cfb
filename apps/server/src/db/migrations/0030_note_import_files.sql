-- A note import's files (issue 49): kept from the upload until the import's job has attached them to the
-- memories it created, then removed (and with their import).
CREATE TABLE "note_import_files" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"memory_id" uuid NOT NULL,
	"name" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "note_import_files_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "note_import_files" ADD CONSTRAINT "note_import_files_import_id_note_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."note_imports"("id") ON DELETE cascade ON UPDATE no action;
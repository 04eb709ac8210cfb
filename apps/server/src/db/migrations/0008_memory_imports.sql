CREATE TABLE "memory_import_undo" (
	"import_id" uuid NOT NULL,
	"memory_id" uuid NOT NULL,
	"previous" jsonb,
	CONSTRAINT "memory_import_undo_import_id_memory_id_pk" PRIMARY KEY("import_id","memory_id")
);
--> statement-breakpoint
CREATE TABLE "memory_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memory_import_undo" ADD CONSTRAINT "memory_import_undo_import_id_memory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."memory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_imports" ADD CONSTRAINT "memory_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memory_imports_user_idx" ON "memory_imports" USING btree ("user_id");
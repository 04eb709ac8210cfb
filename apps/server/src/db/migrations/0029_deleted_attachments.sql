CREATE TABLE "deleted_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"memory_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"pages" integer,
	"status" text NOT NULL,
	"reason" text,
	"text" text,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_attachments" ADD CONSTRAINT "deleted_attachments_version_id_memory_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."memory_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_attachments" ADD CONSTRAINT "deleted_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_attachments_version_idx" ON "deleted_attachments" USING btree ("version_id");
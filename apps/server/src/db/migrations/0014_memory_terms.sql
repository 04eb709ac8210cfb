CREATE TABLE "memory_terms" (
	"user_id" uuid NOT NULL,
	"term" text NOT NULL,
	"memories" integer NOT NULL,
	CONSTRAINT "memory_terms_user_id_term_pk" PRIMARY KEY("user_id","term")
);
--> statement-breakpoint
ALTER TABLE "memory_terms" ADD CONSTRAINT "memory_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "users" ADD COLUMN "verified_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_verification_idx" ON "users" USING btree ("email_verification_hash");
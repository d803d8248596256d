ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_verification_hash_unique" ON "users" USING btree ("email_verification_hash");
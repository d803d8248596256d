ALTER TABLE "users" ADD COLUMN "mail_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_credit_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_token" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_token_unique" ON "users" USING btree ("mail_token");
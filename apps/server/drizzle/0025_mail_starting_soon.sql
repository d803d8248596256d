ALTER TABLE "users" ADD COLUMN "mail_starting_soon" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Until now one switch (mail_reminders) covered both reminders: whoever turned it off had both off.
UPDATE "users" SET "mail_starting_soon" = "mail_reminders";

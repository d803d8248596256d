CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(10),
	"course" varchar(100) NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verification_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_credit_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_token" varchar(64);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_subscription_id_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_verification_hash_unique" ON "users" USING btree ("email_verification_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_token_unique" ON "users" USING btree ("mail_token");--> statement-breakpoint
-- Membership payments made before this column: linked where the learner has one subscription of that plan.
UPDATE "payments" AS p SET "subscription_id" = s."id" FROM "subscriptions" AS s
WHERE p."membership" = 1 AND p."subscription_id" IS NULL AND s."user_id" = p."user_id" AND s."token_plan_id" = p."token_plan_id"
  AND (SELECT count(*) FROM "subscriptions" AS o WHERE o."user_id" = p."user_id" AND o."token_plan_id" = p."token_plan_id") = 1;

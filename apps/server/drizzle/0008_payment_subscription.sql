ALTER TABLE "payments" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_subscription_id_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
-- Membership payments made before this column: linked where the learner has one subscription of that plan.
UPDATE "payments" AS p SET "subscription_id" = s."id" FROM "subscriptions" AS s
WHERE p."membership" = 1 AND p."subscription_id" IS NULL AND s."user_id" = p."user_id" AND s."token_plan_id" = p."token_plan_id"
  AND (SELECT count(*) FROM "subscriptions" AS o WHERE o."user_id" = p."user_id" AND o."token_plan_id" = p."token_plan_id") = 1;

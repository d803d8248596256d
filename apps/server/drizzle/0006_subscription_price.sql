-- Each subscription keeps the price it was sold at (issue 11). Existing rows take their plan's current
-- price, the best record there is of what they were sold at; the column is required from then on.
ALTER TABLE "subscriptions" ADD COLUMN "amount" integer;--> statement-breakpoint
UPDATE "subscriptions" SET "amount" = "token_plans"."amount" FROM "token_plans" WHERE "token_plans"."id" = "subscriptions"."token_plan_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_amount_check" CHECK ("subscriptions"."amount" >= 0);

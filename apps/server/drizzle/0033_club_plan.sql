ALTER TABLE "token_plans" DROP CONSTRAINT "token_plans_kind_check";--> statement-breakpoint
ALTER TABLE "token_plans" DROP CONSTRAINT "token_plans_interval_check";--> statement-breakpoint
ALTER TABLE "token_plans" DROP CONSTRAINT "token_plans_credit_check";--> statement-breakpoint
ALTER TABLE "token_plans" ADD CONSTRAINT "token_plans_kind_check" CHECK ("token_plans"."kind" in ('package', 'membership', 'club'));--> statement-breakpoint
ALTER TABLE "token_plans" ADD CONSTRAINT "token_plans_interval_check" CHECK (("token_plans"."kind" in ('membership', 'club')) = ("token_plans"."interval_months" is not null));--> statement-breakpoint
ALTER TABLE "token_plans" ADD CONSTRAINT "token_plans_credit_check" CHECK (case when "token_plans"."kind" = 'club' then "token_plans"."token_credit" = 0 else "token_plans"."token_credit" >= 1 end);

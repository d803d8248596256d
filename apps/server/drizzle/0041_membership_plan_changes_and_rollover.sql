CREATE TABLE "subscription_plan_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_plan_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"from_plan_id" integer NOT NULL,
	"to_plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"takes_effect_at" timestamp with time zone NOT NULL,
	"provider_ref" text,
	"applied_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_plan_changes_kind_check" CHECK ("subscription_plan_changes"."kind" in ('upgrade', 'downgrade')),
	CONSTRAINT "subscription_plan_changes_amount_check" CHECK ("subscription_plan_changes"."amount" >= 0 and "subscription_plan_changes"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_plan_changes" ADD CONSTRAINT "subscription_plan_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_changes" ADD CONSTRAINT "subscription_plan_changes_from_plan_id_token_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."token_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_changes" ADD CONSTRAINT "subscription_plan_changes_to_plan_id_token_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."token_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_changes" ADD CONSTRAINT "subscription_plan_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plan_changes_provider_ref_unique" ON "subscription_plan_changes" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "subscription_plan_changes_subscription_id_idx" ON "subscription_plan_changes" USING btree ("subscription_id","created_at");--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "rollover_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "rollover_cap_periods" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_rollover_cap_periods_range" CHECK ("school_settings"."rollover_cap_periods" BETWEEN 1 AND 6);--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('purchase', 'subscription', 'grant', 'booking', 'refund', 'expiry', 'adjustment', 'clawback', 'late_cancel', 'waiver', 'transfer', 'referral', 'rollover'));--> statement-breakpoint
CREATE INDEX "subscriptions_status_next_idx" ON "subscriptions" USING btree ("status","current_period_end");

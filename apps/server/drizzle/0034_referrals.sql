ALTER TABLE "users" ADD COLUMN "url_name" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "url_name_chosen_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_url_name_unique" ON "users" USING btree ("url_name");--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "referral_friend_credits" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "referral_sponsor_credits" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "referral_hold_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "referral_monthly_cap" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_referral_friend_credits_range" CHECK ("school_settings"."referral_friend_credits" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_referral_sponsor_credits_range" CHECK ("school_settings"."referral_sponsor_credits" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_referral_hold_days_range" CHECK ("school_settings"."referral_hold_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_referral_monthly_cap_range" CHECK ("school_settings"."referral_monthly_cap" BETWEEN 0 AND 1000);--> statement-breakpoint
ALTER TABLE "credit_lots" DROP CONSTRAINT "credit_lots_source_check";--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_source_check" CHECK ("credit_lots"."source" in ('purchase', 'subscription', 'grant', 'refund', 'referral'));--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('purchase', 'subscription', 'grant', 'booking', 'refund', 'expiry', 'adjustment', 'clawback', 'late_cancel', 'waiver', 'transfer', 'referral'));--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sponsor_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"state" text DEFAULT 'signed_up' NOT NULL,
	"flag" text,
	"payment_id" integer,
	"friend_lot_id" integer,
	"sponsor_lot_id" integer,
	"hold_until" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"decided_by" integer,
	"decision_note" varchar(200),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."sponsor_id" <> "referrals"."friend_id"),
	CONSTRAINT "referrals_state_check" CHECK ("referrals"."state" in ('signed_up', 'purchased', 'held', 'rewarded', 'qualified', 'withdrawn', 'rejected')),
	CONSTRAINT "referrals_flag_check" CHECK ("referrals"."flag" in ('same_email', 'same_card'))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_lot_id_credit_lots_id_fk" FOREIGN KEY ("friend_lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_sponsor_lot_id_credit_lots_id_fk" FOREIGN KEY ("sponsor_lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_id_unique" ON "referrals" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "referrals_sponsor_id_rewarded_at_idx" ON "referrals" USING btree ("sponsor_id","rewarded_at");--> statement-breakpoint
CREATE INDEX "referrals_payment_id_idx" ON "referrals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "referrals_due_idx" ON "referrals" USING btree ("hold_until") WHERE "referrals"."state" = 'purchased';--> statement-breakpoint
CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at","id");

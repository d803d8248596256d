ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "dunning_retry_days" varchar(40) DEFAULT '1,3,7' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "dunning_grace_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_dunning_grace_days_range" CHECK ("school_settings"."dunning_grace_days" BETWEEN 0 AND 60);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "pause_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "pause_max_months" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "pause_times_per_year" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "pause_extends_credits" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_pause_max_months_range" CHECK ("school_settings"."pause_max_months" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_pause_times_per_year_range" CHECK ("school_settings"."pause_times_per_year" BETWEEN 1 AND 12);--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"months" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"resumed_at" timestamp with time zone,
	"extended_ms" bigint DEFAULT 0 NOT NULL,
	"held_lot_id" integer,
	"created_by" integer NOT NULL,
	"reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_months_check" CHECK ("subscription_pauses"."months" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_pauses_subscription_id_idx" ON "subscription_pauses" USING btree ("subscription_id","created_at");

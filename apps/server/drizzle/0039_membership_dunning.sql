ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "dunning_retry_days" varchar(40) DEFAULT '1,3,7' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "dunning_grace_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_dunning_grace_days_range" CHECK ("school_settings"."dunning_grace_days" BETWEEN 0 AND 60);

ALTER TABLE "school_settings" ADD COLUMN "classroom_provider" text DEFAULT 'jitsi' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "jitsi_url" varchar(254) DEFAULT 'https://meet.jit.si' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "jitsi_app_id" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "jitsi_app_secret" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "bbb_url" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "bbb_secret" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_classroom_provider_check" CHECK ("school_settings"."classroom_provider" in ('jitsi', 'bbb', 'manual'));--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_bbb_configured_check" CHECK ("school_settings"."classroom_provider" <> 'bbb' OR ("school_settings"."bbb_url" <> '' AND "school_settings"."bbb_secret" <> ''));

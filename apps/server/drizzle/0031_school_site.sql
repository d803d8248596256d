ALTER TABLE "users" ADD COLUMN "headline" varchar(120);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_url" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_tags" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level_range" varchar(60);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "format" varchar(120);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "site_tab" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_site_tab_check" CHECK ("courses"."site_tab" between 1 and 6);--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "course_tabs" varchar(254) DEFAULT 'General English
IT Certifications
Leadership
Web Development
Communication
Business Analytics & Intelligence' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "app_store_url" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "play_store_url" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "phone" SET DATA TYPE varchar(20);

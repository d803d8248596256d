CREATE TABLE "school_setting_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_setting_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"setting" varchar(40) NOT NULL,
	"old_value" varchar(254) NOT NULL,
	"new_value" varchar(254) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"school_name" varchar(100) NOT NULL,
	"school_email" varchar(254) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"cancel_window_hours" integer NOT NULL,
	"waitlist_cutoff_hours" integer NOT NULL,
	"meeting_link_lead_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "school_settings_single_row" CHECK ("school_settings"."id" = 1),
	CONSTRAINT "school_settings_cancel_window_hours_range" CHECK ("school_settings"."cancel_window_hours" BETWEEN 0 AND 720),
	CONSTRAINT "school_settings_waitlist_cutoff_hours_range" CHECK ("school_settings"."waitlist_cutoff_hours" BETWEEN 0 AND 720),
	CONSTRAINT "school_settings_meeting_link_lead_minutes_range" CHECK ("school_settings"."meeting_link_lead_minutes" BETWEEN 0 AND 1440)
);
--> statement-breakpoint
ALTER TABLE "school_setting_changes" ADD CONSTRAINT "school_setting_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_setting_changes_changed_at_idx" ON "school_setting_changes" USING btree ("changed_at","id");
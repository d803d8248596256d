ALTER TABLE "school_settings" ADD COLUMN "classroom_provider" text DEFAULT 'jitsi' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "jitsi_url" varchar(254) DEFAULT 'https://meet.jit.si' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "jitsi_app_id" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "jitsi_app_secret" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "bbb_url" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "bbb_secret" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_classroom_provider_check" CHECK ("school_settings"."classroom_provider" in ('jitsi', 'bbb', 'manual'));--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_bbb_configured_check" CHECK ("school_settings"."classroom_provider" <> 'bbb' OR ("school_settings"."bbb_url" <> '' AND "school_settings"."bbb_secret" <> ''));
--> statement-breakpoint
CREATE TABLE "level_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "level_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"suggested_by" integer NOT NULL,
	"from_level" smallint,
	"level" smallint NOT NULL,
	"note" varchar(200) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "level_suggestions_level_check" CHECK ("level_suggestions"."level" between 1 and 6),
	CONSTRAINT "level_suggestions_status_check" CHECK ("level_suggestions"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "level_suggestions_decided_check" CHECK (("level_suggestions"."status" = 'pending') = ("level_suggestions"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "level_suggestions" ADD CONSTRAINT "level_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_suggestions" ADD CONSTRAINT "level_suggestions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_suggestions" ADD CONSTRAINT "level_suggestions_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_suggestions" ADD CONSTRAINT "level_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_suggestions_pending_unique" ON "level_suggestions" USING btree ("user_id") WHERE "level_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "level_suggestions_status_created_at_idx" ON "level_suggestions" USING btree ("status","created_at");

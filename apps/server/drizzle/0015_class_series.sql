CREATE TABLE "class_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"first_date" date NOT NULL,
	"end_date" date NOT NULL,
	"no_of_users" integer NOT NULL,
	"number_token" integer NOT NULL,
	"meeting_link" text,
	"meeting_start" text,
	"teacher_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_series_dates_check" CHECK ("class_series"."end_date" >= "class_series"."first_date"),
	CONSTRAINT "class_series_weekdays_check" CHECK (cardinality("class_series"."weekdays") between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_series_id_class_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."class_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_series_starts_at_idx" ON "schedules" USING btree ("series_id","starts_at");
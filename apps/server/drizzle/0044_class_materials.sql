CREATE TABLE "class_materials" (
	"id" varchar(22) PRIMARY KEY NOT NULL,
	"schedule_id" integer,
	"series_id" integer,
	"course_id" integer,
	"kind" text NOT NULL,
	"title" varchar(200) NOT NULL,
	"url" text,
	"file_key" varchar(100),
	"file_name" varchar(160),
	"content_type" varchar(100),
	"size_bytes" integer,
	"visible_from" timestamp with time zone,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "class_materials_kind_check" CHECK ("class_materials"."kind" in ('file', 'link')),
	CONSTRAINT "class_materials_one_target_check" CHECK (num_nonnulls("class_materials"."schedule_id", "class_materials"."series_id", "class_materials"."course_id") = 1),
	CONSTRAINT "class_materials_shape_check" CHECK (("class_materials"."kind" = 'file' AND "class_materials"."file_key" IS NOT NULL AND "class_materials"."file_name" IS NOT NULL AND "class_materials"."content_type" IS NOT NULL AND "class_materials"."size_bytes" IS NOT NULL AND "class_materials"."url" IS NULL) OR ("class_materials"."kind" = 'link' AND "class_materials"."url" IS NOT NULL AND "class_materials"."file_key" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_series_id_class_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."class_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_materials_schedule_idx" ON "class_materials" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "class_materials_series_idx" ON "class_materials" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "class_materials_course_idx" ON "class_materials" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "material_max_mb" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_material_max_mb_range" CHECK ("school_settings"."material_max_mb" BETWEEN 1 AND 200);

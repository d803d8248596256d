ALTER TABLE "users" ADD COLUMN "cefr_level" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cefr_level_check" CHECK ("users"."cefr_level" between 1 and 6);--> statement-breakpoint
UPDATE "users" SET "cefr_level" = CASE "level" WHEN 1 THEN 1 WHEN 2 THEN 3 WHEN 3 THEN 5 END WHERE "role" = 'user' AND "level" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "user_level_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_level_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_level" smallint,
	"to_level" smallint NOT NULL,
	"source" text NOT NULL,
	"changed_by" integer,
	"placement_test_id" integer,
	"note" varchar(200),
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_level_changes_source_check" CHECK ("user_level_changes"."source" in ('sign_up', 'placement_test', 'teacher', 'admin')),
	CONSTRAINT "user_level_changes_from_level_check" CHECK ("user_level_changes"."from_level" between 1 and 6),
	CONSTRAINT "user_level_changes_to_level_check" CHECK ("user_level_changes"."to_level" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "user_level_changes" ADD CONSTRAINT "user_level_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_level_changes" ADD CONSTRAINT "user_level_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_level_changes_user_id_changed_at_idx" ON "user_level_changes" USING btree ("user_id","changed_at","id");--> statement-breakpoint
INSERT INTO "user_level_changes" ("user_id", "from_level", "to_level", "source", "changed_at") SELECT "id", NULL, "cefr_level", 'sign_up', "created_at" FROM "users" WHERE "cefr_level" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level_min" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level_max" smallint;--> statement-breakpoint
UPDATE "courses" SET "level_min" = 2 * "level" - 1, "level_max" = 2 * "level" WHERE "level" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_level_check";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "level";--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_range_check" CHECK (("courses"."level_min" IS NULL AND "courses"."level_max" IS NULL) OR ("courses"."level_min" between 1 and 6 AND "courses"."level_max" between "courses"."level_min" and 6));--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "level_rule" text DEFAULT 'warn' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "placement_retake_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_level_rule_check" CHECK ("school_settings"."level_rule" in ('warn', 'refuse', 'off'));--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_placement_retake_days_range" CHECK ("school_settings"."placement_retake_days" BETWEEN 0 AND 365);--> statement-breakpoint
CREATE TABLE "placement_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "placement_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bank_key" varchar(40),
	"level" smallint NOT NULL,
	"skill" text NOT NULL,
	"passage" varchar(1200),
	"question" varchar(300) NOT NULL,
	"options" jsonb NOT NULL,
	"correct" smallint NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_items_level_check" CHECK ("placement_items"."level" between 1 and 6),
	CONSTRAINT "placement_items_skill_check" CHECK ("placement_items"."skill" in ('grammar', 'vocabulary', 'reading')),
	CONSTRAINT "placement_items_correct_check" CHECK ("placement_items"."correct" >= 0 AND "placement_items"."correct" < jsonb_array_length("placement_items"."options"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "placement_items_bank_key_unique" ON "placement_items" USING btree ("bank_key");--> statement-breakpoint
CREATE INDEX "placement_items_level_skill_idx" ON "placement_items" USING btree ("level","skill");--> statement-breakpoint
CREATE TABLE "placement_tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "placement_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result_level" smallint,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"recorded_at" timestamp with time zone,
	CONSTRAINT "placement_tests_result_level_check" CHECK ("placement_tests"."result_level" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "placement_tests" ADD CONSTRAINT "placement_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "placement_tests_token_hash_unique" ON "placement_tests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "placement_tests_user_id_finished_at_idx" ON "placement_tests" USING btree ("user_id","finished_at");--> statement-breakpoint
ALTER TABLE "user_level_changes" ADD CONSTRAINT "user_level_changes_placement_test_id_placement_tests_id_fk" FOREIGN KEY ("placement_test_id") REFERENCES "public"."placement_tests"("id") ON DELETE no action ON UPDATE no action;

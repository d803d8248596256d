ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attendance_marked_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_series" ADD COLUMN "teacher_id" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "teacher_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" varchar(500);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attendance_marked_by_users_id_fk" FOREIGN KEY ("attendance_marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_teacher_id_starts_at_idx" ON "schedules" USING btree ("teacher_id","starts_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attendance_check" CHECK ("bookings"."attendance" in ('attended', 'no_show'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user', 'teacher'));--> statement-breakpoint
-- hand-written: every distinct free-text teacher name (issue 13), of a class or a weekly series, becomes a
-- teacher account without a usable password ('!' verifies nothing) under a placeholder address; an
-- administrator sets the real one and sends the invitation. Classes and series then point to it. The next
-- migration drops teacher_name.
INSERT INTO "users" ("name", "email", "password_hash", "role")
-- Of several spellings, a mixed-case one ("James Patel" over "JAMES PATEL").
SELECT (array_agg(trim("name") ORDER BY trim("name") IN (upper(trim("name")), lower(trim("name"))), trim("name")))[1],
  'teacher-' || substr(md5(lower(trim("name"))), 1, 12) || '@teachers.invalid', '!', 'teacher'
FROM (
  SELECT "teacher_name" AS "name" FROM "schedules"
  UNION ALL
  SELECT "teacher_name" FROM "class_series"
) AS "named"
WHERE trim(coalesce("name", '')) <> ''
GROUP BY lower(trim("name"));--> statement-breakpoint
UPDATE "schedules" SET "teacher_id" = "users"."id"
FROM "users"
WHERE "users"."email" = 'teacher-' || substr(md5(lower(trim("schedules"."teacher_name"))), 1, 12) || '@teachers.invalid'
  AND trim(coalesce("schedules"."teacher_name", '')) <> '';--> statement-breakpoint
UPDATE "class_series" SET "teacher_id" = "users"."id"
FROM "users"
WHERE "users"."email" = 'teacher-' || substr(md5(lower(trim("class_series"."teacher_name"))), 1, 12) || '@teachers.invalid'
  AND trim(coalesce("class_series"."teacher_name", '')) <> '';

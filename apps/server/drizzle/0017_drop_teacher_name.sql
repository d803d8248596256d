ALTER TABLE "class_series" DROP COLUMN "teacher_name";--> statement-breakpoint
ALTER TABLE "schedules" DROP COLUMN "teacher_name";
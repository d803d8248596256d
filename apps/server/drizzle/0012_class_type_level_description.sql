ALTER TABLE "courses" ADD COLUMN "level" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description" varchar(300);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_check" CHECK ("courses"."level" between 1 and 3);
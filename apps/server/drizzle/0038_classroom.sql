CREATE TABLE "class_rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"provider" text NOT NULL,
	"room_name" varchar(100) NOT NULL,
	"moderator_password" varchar(64),
	"attendee_password" varchar(64),
	"learner_link" text NOT NULL,
	"host_link" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "class_rooms_provider_check" CHECK ("class_rooms"."provider" in ('jitsi', 'bbb')),
	CONSTRAINT "class_rooms_ended_check" CHECK (("class_rooms"."ended_at" is null) = ("class_rooms"."end_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "class_joins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_joins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "class_joins_source_check" CHECK ("class_joins"."source" in ('button', 'bbb'))
);
--> statement-breakpoint
ALTER TABLE "class_rooms" ADD CONSTRAINT "class_rooms_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_joins" ADD CONSTRAINT "class_joins_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_joins" ADD CONSTRAINT "class_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_rooms_room_name_unique" ON "class_rooms" USING btree ("room_name");--> statement-breakpoint
CREATE UNIQUE INDEX "class_rooms_open_unique" ON "class_rooms" USING btree ("schedule_id") WHERE "class_rooms"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "class_joins_schedule_user_idx" ON "class_joins" USING btree ("schedule_id","user_id");

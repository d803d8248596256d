CREATE TABLE "class_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"went_well" varchar(1000) NOT NULL,
	"work_on" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"learner_name" varchar(255) NOT NULL,
	"level" smallint,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"classes" integer NOT NULL,
	"minutes" integer NOT NULL,
	"school_name" varchar(255) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" varchar(200),
	CONSTRAINT "certificates_period_check" CHECK ("certificates"."period_from" <= "certificates"."period_to"),
	CONSTRAINT "certificates_level_check" CHECK ("certificates"."level" between 1 and 6),
	CONSTRAINT "certificates_revoked_check" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoke_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_notes_booking_id_unique" ON "class_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_unique" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_user_id_issued_at_idx" ON "certificates" USING btree ("user_id","issued_at");

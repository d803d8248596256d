ALTER TABLE "token_plans" ADD COLUMN "club_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_plans" ADD CONSTRAINT "token_plans_club_months_check" CHECK ("token_plans"."club_months" BETWEEN 0 AND 12);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "club" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "club_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_club_pass_check" CHECK (not "bookings"."club_pass" or "bookings"."credits" = 0);--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "club_sessions_per_week" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_club_sessions_per_week_range" CHECK ("school_settings"."club_sessions_per_week" BETWEEN 1 AND 14);--> statement-breakpoint
CREATE TABLE "club_passes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "club_passes_period_check" CHECK ("club_passes"."ends_at" >= "club_passes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "club_pass_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "club_pass_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"until_at" timestamp with time zone NOT NULL,
	"payment_id" integer,
	"actor_id" integer,
	"note" varchar(200),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "club_pass_events_kind_check" CHECK ("club_pass_events"."kind" in ('granted', 'extended', 'ended', 'refunded')),
	CONSTRAINT "club_pass_events_period_check" CHECK ("club_pass_events"."until_at" >= "club_pass_events"."from_at")
);
--> statement-breakpoint
ALTER TABLE "club_passes" ADD CONSTRAINT "club_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pass_events" ADD CONSTRAINT "club_pass_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pass_events" ADD CONSTRAINT "club_pass_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pass_events" ADD CONSTRAINT "club_pass_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_pass_events_user_id_created_at_idx" ON "club_pass_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "club_pass_events_payment_grant_unique" ON "club_pass_events" USING btree ("payment_id") WHERE "club_pass_events"."kind" in ('granted', 'extended');--> statement-breakpoint
CREATE UNIQUE INDEX "club_pass_events_payment_refund_unique" ON "club_pass_events" USING btree ("payment_id") WHERE "club_pass_events"."kind" = 'refunded';--> statement-breakpoint
CREATE INDEX "bookings_user_id_club_pass_idx" ON "bookings" USING btree ("user_id") WHERE "bookings"."club_pass" and "bookings"."status" = 'booked';

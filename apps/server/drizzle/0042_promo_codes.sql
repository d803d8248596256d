CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"token_plan_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_learner" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_check" CHECK (case when "promo_codes"."kind" = 'percent' then "promo_codes"."percent_off" between 1 and 100 else "promo_codes"."amount_off" >= 1 end),
	CONSTRAINT "promo_codes_dates_check" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."ends_at" is null or "promo_codes"."starts_at" < "promo_codes"."ends_at"),
	CONSTRAINT "promo_codes_limits_check" CHECK ("promo_codes"."max_uses" >= 1 and "promo_codes"."max_uses_per_learner" >= 1)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_plan_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"price" integer NOT NULL,
	"discount" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"provider_ref" varchar(255),
	"payment_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_redemptions_state_check" CHECK ("promo_redemptions"."state" in ('held', 'redeemed', 'released')),
	CONSTRAINT "promo_redemptions_discount_check" CHECK ("promo_redemptions"."discount" >= 0 and "promo_redemptions"."discount" < "promo_redemptions"."price")
);
--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_token_plan_id_token_plans_id_fk" FOREIGN KEY ("token_plan_id") REFERENCES "public"."token_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_created_at_idx" ON "promo_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_state_idx" ON "promo_redemptions" USING btree ("promo_code_id","state");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("user_id","promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_provider_ref_unique" ON "promo_redemptions" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_payment_id_unique" ON "promo_redemptions" USING btree ("payment_id");

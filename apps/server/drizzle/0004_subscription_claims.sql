CREATE TABLE "subscription_claims" (
	"user_id" integer NOT NULL,
	"token_plan_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_claims_user_id_token_plan_id_pk" PRIMARY KEY("user_id","token_plan_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_claims" ADD CONSTRAINT "subscription_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_claims" ADD CONSTRAINT "subscription_claims_token_plan_id_token_plans_id_fk" FOREIGN KEY ("token_plan_id") REFERENCES "public"."token_plans"("id") ON DELETE cascade ON UPDATE no action;
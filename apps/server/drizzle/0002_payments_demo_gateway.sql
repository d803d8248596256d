CREATE TABLE "demo_gateway_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_gateway_objects_kind_check" CHECK ("demo_gateway_objects"."kind" in ('payment_method', 'payment_intent', 'subscription', 'invoice'))
);
--> statement-breakpoint
ALTER TABLE "demo_gateway_objects" ADD CONSTRAINT "demo_gateway_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_gateway_objects_kind_idx" ON "demo_gateway_objects" USING btree ("kind");
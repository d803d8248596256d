CREATE TABLE "billing_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"address" varchar(500) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"vat_number" varchar(40) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"number" varchar(20) NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"credit_of" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"description" varchar(200) NOT NULL,
	"number_token" integer NOT NULL,
	"total" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"card_brand" varchar(30),
	"card_last4" varchar(4),
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total" >= 0 and "invoices"."vat_amount" between 0 and "invoices"."total")
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "legal_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "address" varchar(250) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "vat_number" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_invoices_id_fk" FOREIGN KEY ("credit_of") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_unique" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_payment" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_payment_id_idx" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_vat_rate_range" CHECK ("school_settings"."vat_rate_basis_points" BETWEEN 0 AND 10000);
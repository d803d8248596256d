ALTER TABLE "payments" ADD COLUMN "card_fingerprint" varchar(100);--> statement-breakpoint
CREATE INDEX "payments_card_fingerprint_idx" ON "payments" USING btree ("card_fingerprint") WHERE "payments"."card_fingerprint" is not null;--> statement-breakpoint
ALTER TABLE "credit_lots" DROP CONSTRAINT "credit_lots_source_check";--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_source_check" CHECK ("credit_lots"."source" in ('purchase', 'subscription', 'grant', 'refund', 'referral', 'gift'));--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('purchase', 'subscription', 'grant', 'booking', 'refund', 'expiry', 'adjustment', 'clawback', 'late_cancel', 'waiver', 'transfer', 'referral', 'rollover', 'gift'));--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" integer NOT NULL,
	"token_plan_id" integer NOT NULL,
	"payment_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"credits" integer NOT NULL,
	"expiry_days" integer NOT NULL,
	"amount" integer NOT NULL,
	"recipient_email" varchar(254) NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"sent_at" timestamp with time zone,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"lot_id" integer,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gifts_state_check" CHECK ("gifts"."state" in ('pending', 'scheduled', 'sent', 'redeemed', 'refunded')),
	CONSTRAINT "gifts_credits_check" CHECK ("gifts"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_token_plan_id_token_plans_id_fk" FOREIGN KEY ("token_plan_id") REFERENCES "public"."token_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_payment_id_unique" ON "gifts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_hash_unique" ON "gifts" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gifts_buyer_id_created_at_idx" ON "gifts" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("deliver_at") WHERE "gifts"."state" = 'scheduled';

ALTER TABLE "credit_ledger" ADD COLUMN "note" varchar(200);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_booking_id_idx" ON "credit_ledger" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_lot_id_idx" ON "credit_ledger" USING btree ("lot_id");
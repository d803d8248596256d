-- Retention: a delivered mail's body (HTML, text, attachments, draft) is dropped after MAIL_RETENTION_DAYS;
-- its row stays, with its subject and headers, for the Outbox and for the idempotency key.
ALTER TABLE "mail_outbox" ADD COLUMN "body_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_drawn_or_draft";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_drawn_or_draft" CHECK ("mail_outbox"."draft" is not null or ("mail_outbox"."subject" is not null and (("mail_outbox"."html" is not null and "mail_outbox"."text" is not null) or "mail_outbox"."body_removed_at" is not null)));--> statement-breakpoint
CREATE INDEX "mail_outbox_body_kept_sent_at_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."status" = 'sent' and "mail_outbox"."body_removed_at" is null;--> statement-breakpoint
CREATE INDEX "auth_sessions_expires_at_idx" ON "auth_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trusted_devices_expires_at_idx" ON "trusted_devices" USING btree ("expires_at");--> statement-breakpoint
-- The payment list's order (newest first, id breaking ties) and its filters by status and by plan.
DROP INDEX "payments_created_at_idx";--> statement-breakpoint
CREATE INDEX "payments_created_at_id_idx" ON "payments" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "payments_status_created_at_idx" ON "payments" USING btree ("status", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "payments_token_plan_id_created_at_idx" ON "payments" USING btree ("token_plan_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- The admin search finds a part of a name, an email or a class title (ILIKE '%…%'): trigram indexes
-- answer that without reading every row. pg_trgm ships with PostgreSQL (a trusted extension since 13, so
-- the database's owner may create it); where it cannot be created (embedded PGlite loads no extension),
-- the search works as before, by scanning. These indexes are not in the Drizzle schema for that reason.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN others THEN
    RAISE NOTICE 'pg_trgm is not available: the admin search scans names and emails';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "schedules_title_trgm_idx" ON "schedules" USING gin ("title" gin_trgm_ops);
  END IF;
END $$;

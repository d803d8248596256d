DROP INDEX "schedules_starts_at_idx";--> statement-breakpoint
CREATE INDEX "schedules_starts_at_id_idx" ON "schedules" USING btree ("starts_at","id");
ALTER TABLE "school_settings" ADD COLUMN "level_suggestions_at_once" boolean DEFAULT false NOT NULL;

-- The payment totals by UTC day as well as by hour: the list's totals over years read one row a day and
-- status, and hours only where a range starts or ends inside a day. payment_totals' own trigger keeps
-- them, so the payments trigger (migration 0047) stays as it is.
CREATE TABLE "payment_totals_daily" (
	"day" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"token_plan_id" integer NOT NULL,
	"count" integer NOT NULL,
	"gross" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	CONSTRAINT "payment_totals_daily_pkey" PRIMARY KEY("day","status","token_plan_id")
);
--> statement-breakpoint
CREATE FUNCTION payment_totals_day(instant timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM instant) / 86400) * 86400)
$$;
--> statement-breakpoint
-- Row by row on payment_totals: a statement on payments touches one row there per hour, status and plan.
-- Days follow hours in order, so two writers take the daily rows in the order they take the hourly ones.
CREATE FUNCTION payment_totals_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE payment_totals_daily SET
      count = count - OLD.count, gross = gross - OLD.gross, refunded = refunded - OLD.refunded
    WHERE day = payment_totals_day(OLD.hour) AND status = OLD.status AND token_plan_id = OLD.token_plan_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_totals_daily AS totals (day, status, token_plan_id, count, gross, refunded)
    VALUES (payment_totals_day(NEW.hour), NEW.status, NEW.token_plan_id, NEW.count, NEW.gross, NEW.refunded)
    ON CONFLICT (day, status, token_plan_id) DO UPDATE SET
      count = totals.count + excluded.count,
      gross = totals.gross + excluded.gross,
      refunded = totals.refunded + excluded.refunded;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_daily_sync AFTER INSERT OR UPDATE OR DELETE ON payment_totals
  FOR EACH ROW EXECUTE FUNCTION payment_totals_daily_apply();
--> statement-breakpoint
INSERT INTO payment_totals_daily (day, status, token_plan_id, count, gross, refunded)
SELECT payment_totals_day(hour), status, token_plan_id, sum(count), sum(gross), sum(refunded)
FROM payment_totals GROUP BY 1, 2, 3;

-- The payment list's totals (count, takings, refunds) read per hour, status and plan instead of summing
-- every payment the school ever took: a trigger keeps each hour's figures as payments are written.
CREATE TABLE "payment_totals" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"token_plan_id" integer NOT NULL,
	"count" integer NOT NULL,
	"gross" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	CONSTRAINT "payment_totals_pkey" PRIMARY KEY("hour","status","token_plan_id")
);
--> statement-breakpoint
CREATE FUNCTION payment_totals_hour(instant timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM instant) / 3600) * 3600)
$$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_add(row_hour timestamptz, row_status text, row_plan integer, sign integer,
  row_amount integer, row_refunded integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_totals AS totals (hour, status, token_plan_id, count, gross, refunded)
  VALUES (row_hour, row_status, row_plan, sign,
    CASE WHEN row_status IN ('succeeded', 'refunded') THEN sign * row_amount ELSE 0 END,
    sign * row_refunded)
  ON CONFLICT (hour, status, token_plan_id) DO UPDATE SET
    count = totals.count + excluded.count,
    gross = totals.gross + excluded.gross,
    refunded = totals.refunded + excluded.refunded
$$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM payment_totals_add(payment_totals_hour(OLD.created_at), OLD.status, OLD.token_plan_id, -1,
      OLD.amount, OLD.amount_refunded);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM payment_totals_add(payment_totals_hour(NEW.created_at), NEW.status, NEW.token_plan_id, 1,
      NEW.amount, NEW.amount_refunded);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the columns the totals read: a payment's other updates (its invoice link, a dispute) leave them be.
CREATE TRIGGER payment_totals_on_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_totals_track();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_update AFTER UPDATE OF created_at, status, token_plan_id, amount, amount_refunded
  ON payments FOR EACH ROW EXECUTE FUNCTION payment_totals_track();
--> statement-breakpoint
INSERT INTO payment_totals (hour, status, token_plan_id, count, gross, refunded)
SELECT payment_totals_hour(created_at), status, token_plan_id, count(*),
  coalesce(sum(amount) FILTER (WHERE status IN ('succeeded', 'refunded')), 0), sum(amount_refunded)
FROM payments GROUP BY 1, 2, 3;

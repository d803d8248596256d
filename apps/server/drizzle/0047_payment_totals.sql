-- The payment list's totals (count, takings, refunds) read per hour, status and plan instead of summing
-- every payment the school ever took: triggers keep each hour's figures as payments are written.
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
-- Once per statement, from the rows it wrote (transition tables): a bulk insert costs one upsert per hour
-- touched, not one per payment; an update that leaves the figures be writes nothing. Hours in one order,
-- so two statements wait for each other rather than deadlock.
CREATE FUNCTION payment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_totals AS totals (hour, status, token_plan_id, count, gross, refunded)
    SELECT payment_totals_hour(created_at), status, token_plan_id, count(*),
      coalesce(sum(amount) FILTER (WHERE status IN ('succeeded', 'refunded')), 0), sum(amount_refunded)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (hour, status, token_plan_id) DO UPDATE SET
      count = totals.count + excluded.count,
      gross = totals.gross + excluded.gross,
      refunded = totals.refunded + excluded.refunded;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE payment_totals AS totals SET
      count = totals.count - gone.count, gross = totals.gross - gone.gross, refunded = totals.refunded - gone.refunded
    FROM (
      SELECT payment_totals_hour(created_at) AS hour, status, token_plan_id, count(*) AS count,
        coalesce(sum(amount) FILTER (WHERE status IN ('succeeded', 'refunded')), 0) AS gross,
        sum(amount_refunded) AS refunded
      FROM old_rows GROUP BY 1, 2, 3
    ) AS gone
    WHERE totals.hour = gone.hour AND totals.status = gone.status AND totals.token_plan_id = gone.token_plan_id;
  ELSE
    INSERT INTO payment_totals AS totals (hour, status, token_plan_id, count, gross, refunded)
    SELECT hour, status, token_plan_id, sum(count), sum(gross), sum(refunded)
    FROM (
      SELECT payment_totals_hour(created_at) AS hour, status, token_plan_id, -1 AS count,
        CASE WHEN status IN ('succeeded', 'refunded') THEN -amount ELSE 0 END AS gross, -amount_refunded AS refunded
      FROM old_rows
      UNION ALL
      SELECT payment_totals_hour(created_at), status, token_plan_id, 1,
        CASE WHEN status IN ('succeeded', 'refunded') THEN amount ELSE 0 END, amount_refunded
      FROM new_rows
    ) AS change
    GROUP BY 1, 2, 3
    HAVING sum(count) <> 0 OR sum(gross) <> 0 OR sum(refunded) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (hour, status, token_plan_id) DO UPDATE SET
      count = totals.count + excluded.count,
      gross = totals.gross + excluded.gross,
      refunded = totals.refunded + excluded.refunded;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
INSERT INTO payment_totals (hour, status, token_plan_id, count, gross, refunded)
SELECT payment_totals_hour(created_at), status, token_plan_id, count(*),
  coalesce(sum(amount) FILTER (WHERE status IN ('succeeded', 'refunded')), 0), sum(amount_refunded)
FROM payments GROUP BY 1, 2, 3;

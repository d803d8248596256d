-- The payment totals by UTC day as well as by hour: the list's totals over years read one row a day and
-- status, and hours only where a range starts or ends inside a day.
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
-- The payments triggers of migration 0047 now keep both tables, once per statement, from the rows it
-- wrote (transition tables): the change of each payment (a new one counts +1, a gone one -1), summed per
-- hour and then per day, each in key order. A statement takes all its hourly rows before any daily one,
-- so two statements wait for each other rather than deadlock; an update that leaves the figures be
-- writes nothing.
CREATE OR REPLACE FUNCTION payment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added CONSTANT text := 'SELECT created_at, status, token_plan_id, 1 AS count,
      CASE WHEN status IN (''succeeded'', ''refunded'') THEN amount ELSE 0 END AS gross,
      amount_refunded AS refunded
    FROM new_rows';
  removed CONSTANT text := 'SELECT created_at, status, token_plan_id, -1 AS count,
      CASE WHEN status IN (''succeeded'', ''refunded'') THEN -amount ELSE 0 END AS gross,
      -amount_refunded AS refunded
    FROM old_rows';
  change text;
  target record;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN added
    WHEN 'DELETE' THEN removed
    ELSE removed || ' UNION ALL ' || added
  END;
  FOR target IN
    SELECT * FROM (VALUES ('payment_totals', 'hour', 'payment_totals_hour', 1),
                          ('payment_totals_daily', 'day', 'payment_totals_day', 2)) AS t (tbl, bucket, bucket_of, step)
    ORDER BY step
  LOOP
    EXECUTE format(
      'INSERT INTO %1$I AS totals (%2$I, status, token_plan_id, count, gross, refunded)
       SELECT %3$I(created_at), status, token_plan_id, sum(count), sum(gross), sum(refunded)
       FROM (%4$s) AS change
       GROUP BY 1, 2, 3
       HAVING sum(count) <> 0 OR sum(gross) <> 0 OR sum(refunded) <> 0
       ORDER BY 1, 2, 3
       ON CONFLICT (%2$I, status, token_plan_id) DO UPDATE SET
         count = totals.count + excluded.count,
         gross = totals.gross + excluded.gross,
         refunded = totals.refunded + excluded.refunded',
      target.tbl, target.bucket, target.bucket_of, change);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO payment_totals_daily (day, status, token_plan_id, count, gross, refunded)
SELECT payment_totals_day(hour), status, token_plan_id, sum(count), sum(gross), sum(refunded)
FROM payment_totals GROUP BY 1, 2, 3;

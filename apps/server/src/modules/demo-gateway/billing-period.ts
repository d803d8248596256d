/**
 * The end of a billing period that starts at `start`: whole calendar months, clamped to the month's
 * last day as Stripe does (31 Jan + 1 month = 28 or 29 Feb), or `minutes` when a demo shortens periods.
 */
export function periodEnd(start: Date, period: { months: number; minutes?: number }): Date {
  if (period.minutes !== undefined) return new Date(start.getTime() + period.minutes * 60_000);
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + period.months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** A plan's billing period by its length in months, as one gateway bills it. */
export type BillingPeriodOf = (months: number) => { months: number; minutes?: number };

/** Calendar months, or `minutes` for every period when a demo school shortens them. */
export const billingPeriods =
  (minutes: number | undefined): BillingPeriodOf =>
  (months) => ({ months, minutes });

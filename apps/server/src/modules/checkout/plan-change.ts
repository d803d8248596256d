/** A preview stays good this long: confirming later asks the learner to look at the figures again. */
export const QUOTE_VALID_MS = 15 * 60 * 1000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * What an upgrade charges at `at` for the rest of the period, in cents, as Stripe prorates: the unused
 * time on the old price comes back as a credit and the rest of the period on the new price is charged,
 * each line in whole seconds and rounded to the cent on its own. So our preview, the demo gateway and
 * Stripe all come to the same cent.
 */
/**
 * The share of the period left at `at` of an amount (cents or credits), rounded: what an upgrade charges
 * of each price, and grants of the plans' difference in credits, so an upgrade the hour before a renewal
 * gains as little as it pays.
 */
export function shareLeft(amount: number, input: { periodStart: Date; periodEnd: Date; at: Date }): number {
  const start = seconds(input.periodStart);
  const end = seconds(input.periodEnd);
  const at = seconds(input.at);
  if (end <= start || at >= end) return 0;
  return Math.round((amount * (end - Math.max(at, start))) / (end - start));
}

export function proratedCharge(input: {
  fromCents: number;
  toCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): number {
  return Math.max(0, shareLeft(input.toCents, input) - shareLeft(input.fromCents, input));
}

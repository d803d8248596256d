const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a past-due membership stops its learner booking with credits: the failure plus the grace days
 * (the booking statement refuses itself from then on, checkout-repository's pastDueBeyondGrace).
 */
export const bookingsBlockedFrom = (pastDueSince: Date, graceDays: number): Date =>
  new Date(pastDueSince.getTime() + graceDays * DAY_MS);

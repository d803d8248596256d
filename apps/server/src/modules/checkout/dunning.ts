import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findPastDueSince } from './checkout-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a past-due membership stops its learner booking with credits: the failure plus the grace days. */
export const bookingsBlockedFrom = (pastDueSince: Date, graceDays: number): Date =>
  new Date(pastDueSince.getTime() + graceDays * DAY_MS);

/**
 * Refuses a booking paid with credits once a membership of the learner has been past due for longer
 * than the school's grace period: the period those credits would stand for has not been paid. Paying
 * (a retry, or a new card) lifts it at once; the membership's end lifts it too.
 */
export async function checkMembershipStanding(
  db: Database,
  learner: { userId: number; now: Date; graceDays: number },
): Promise<void> {
  const since = await findPastDueSince(db, learner.userId);
  if (since && bookingsBlockedFrom(since, learner.graceDays) <= learner.now) {
    throw new AppError('CONFLICT', MESSAGES.membershipPastDue);
  }
}

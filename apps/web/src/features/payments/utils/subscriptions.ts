import type { UserSubscription } from '@tokenly/contract/checkout';
import { formatDate } from '../../../lib/format';

type Status = UserSubscription['status'];

export const SUBSCRIPTION_STATUS_LABELS: Record<Status, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment due',
  unpaid: 'Unpaid',
  paused: 'Paused',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Not started',
  canceled: 'Cancelled',
};

// Stripe's statuses in which the plan still renews and may be cancelled.
const RUNNING: ReadonlySet<Status> = new Set(['active', 'trialing', 'past_due']);

/** 'Renews on {date}', or 'Ends on {date}' once cancelled at period end; nothing when it does not run. */
export function periodEndText(subscription: UserSubscription): string | null {
  if (!RUNNING.has(subscription.status) || !subscription.current_period_end) return null;
  const date = formatDate(subscription.current_period_end);
  return subscription.cancel_at_period_end ? `Ends on ${date}` : `Renews on ${date}`;
}

export const canCancel = (subscription: UserSubscription) =>
  RUNNING.has(subscription.status) && !subscription.cancel_at_period_end;

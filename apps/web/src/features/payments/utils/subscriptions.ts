import type { UserSubscription } from '@tokenly/contract/checkout';
import type { MessageKey } from '@tokenly/i18n/keys';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';

type Status = UserSubscription['status'];

export const SUBSCRIPTION_STATUS_LABELS: Record<Status, MessageKey> = {
  active: 'payments.subscriptions.status.active',
  trialing: 'payments.subscriptions.status.trialing',
  past_due: 'payments.subscriptions.status.past_due',
  unpaid: 'payments.subscriptions.status.unpaid',
  paused: 'payments.subscriptions.status.paused',
  incomplete: 'payments.subscriptions.status.incomplete',
  incomplete_expired: 'payments.subscriptions.status.incomplete_expired',
  canceled: 'payments.subscriptions.status.canceled',
};

// Stripe's statuses in which the plan still renews and may be cancelled.
const RUNNING: ReadonlySet<Status> = new Set(['active', 'trialing', 'past_due']);

/** 'Renews on {date}', or 'Ends on {date}' once cancelled at period end; nothing when it does not run. */
export function periodEndText(subscription: UserSubscription): string | null {
  if (!RUNNING.has(subscription.status) || !subscription.current_period_end) return null;
  const date = formatDate(subscription.current_period_end);
  return subscription.cancel_at_period_end
    ? t('payments.subscriptions.endsOn', { date })
    : t('payments.subscriptions.renewsOn', { date });
}

export const canCancel = (subscription: UserSubscription) =>
  RUNNING.has(subscription.status) && !subscription.cancel_at_period_end;

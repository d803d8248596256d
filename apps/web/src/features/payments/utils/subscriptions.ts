import type { UserSubscription } from '@tokenly/contract/checkout';
import type { MessageKey } from '@tokenly/i18n/keys';
import { formatDate, formatUsd } from '../../../lib/format';
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

/**
 * 'Renews on {date}', or 'Ends on {date}' once cancelled at period end; nothing when it does not run or
 * its renewal is still unpaid (the dunning lines say what happens then). Paused, it renews when the pause
 * ends.
 */
export function periodEndText(subscription: UserSubscription): string | null {
  if (!RUNNING.has(subscription.status) || !subscription.current_period_end) return null;
  const date = formatDate(subscription.current_period_end);
  if (subscription.cancel_at_period_end) return t('payments.subscriptions.endsOn', { date });
  if (subscription.past_due_since) return null;
  return t('payments.subscriptions.renewsOn', {
    date: subscription.paused_until ? formatDate(subscription.paused_until) : date,
  });
}

/**
 * What the next renewal charges ('Next charge: $47'); nothing when none is coming. A planned move to a
 * cheaper plan charges that plan's price.
 */
export function nextChargeText(subscription: UserSubscription): string | null {
  if (!periodEndText(subscription) || subscription.cancel_at_period_end) return null;
  const cents = subscription.scheduled_change?.token_plan.amount ?? subscription.amount;
  return t('payments.subscriptions.nextCharge', { amount: formatUsd(cents / 100) });
}

/** 'Moves to {plan} on {date}' while a cheaper plan waits for the next renewal; null otherwise. */
export function scheduledChangeLine(subscription: UserSubscription): string | null {
  const change = subscription.scheduled_change;
  if (!change || subscription.cancel_at_period_end) return null;
  return t('payments.subscriptions.changeScheduled', {
    plan: change.token_plan.token_title,
    date: formatDate(change.takes_effect_at),
    count: change.token_plan.token_credit,
  });
}

/** A failed renewal: since when, the next try, and when bookings with credits stop (or that they have). */
export function dunningLines(subscription: UserSubscription, now = new Date()): string[] {
  if (!subscription.past_due_since || !RUNNING.has(subscription.status)) return [];
  const lines = [t('payments.subscriptions.pastDueSince', { date: formatDate(subscription.past_due_since) })];
  if (subscription.next_payment_attempt) {
    lines.push(t('payments.subscriptions.nextTry', { date: formatDate(subscription.next_payment_attempt) }));
  }
  const blocked = subscription.bookings_blocked_from;
  if (blocked) {
    lines.push(
      new Date(blocked) <= now
        ? t('payments.subscriptions.bookingsBlocked')
        : t('payments.subscriptions.bookingsBlockedFrom', { date: formatDate(blocked) }),
    );
  }
  return lines;
}

/** A running membership can change its card; a past-due one must, to be paid. */
export const canUpdateCard = (subscription: UserSubscription) => RUNNING.has(subscription.status);

export const canCancel = (subscription: UserSubscription) =>
  RUNNING.has(subscription.status) && !subscription.cancel_at_period_end;

/** Whether the pause has begun (the renewal it starts at has passed). */
export const isPausedNow = (subscription: UserSubscription, now = new Date()) =>
  subscription.paused_until !== null &&
  subscription.paused_from !== null &&
  new Date(subscription.paused_from) <= now;

/** 'Paused until {date}', or 'Pauses from {date} until {date}' before it begins; null without a pause. */
export function pauseLine(subscription: UserSubscription, now = new Date()): string | null {
  if (!subscription.paused_until || !subscription.paused_from) return null;
  const until = formatDate(subscription.paused_until);
  return isPausedNow(subscription, now)
    ? t('payments.subscriptions.pausedUntil', { date: until })
    : t('payments.subscriptions.pausePlanned', { from: formatDate(subscription.paused_from), until });
}

/** A membership in good standing, not set to end and without a pause, can be paused. */
export const canPause = (subscription: UserSubscription) =>
  subscription.status === 'active' &&
  !subscription.cancel_at_period_end &&
  subscription.paused_until === null &&
  subscription.past_due_since === null;

export const canResume = (subscription: UserSubscription) => subscription.paused_until !== null;

/** A membership that could be paused, with no move to another plan already planned, can change plan. */
export const canChangePlan = (subscription: UserSubscription) =>
  canPause(subscription) &&
  subscription.scheduled_change === null &&
  subscription.token_plan.token_credit > 0;

import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import {
  CURRENCY,
  type GatewayEvent,
  type GatewayInvoice,
  type GatewaySubscription,
} from '../payment-gateways/payment-gateway';
import type { BillingPeriodOf } from './billing-period';
import { periodEnd } from './billing-period';
import { chargeError, type DemoPaymentError } from './demo-cards';
import {
  type DemoObject,
  findUnannouncedIntents,
  lockDueRetries,
  lockDueSubscriptions,
  markIntentAnnounced,
  newClientSecret,
  newId,
  readInvoice,
  readObject,
  readSubscription,
  writeObject,
} from './demo-gateway-repository';

/** A subscription whose card was removed: Stripe refuses its charges like a declined card. */
const DECLINED_WITHOUT_CARD: DemoPaymentError = { message: MESSAGES.cardDeclined, code: 'card_declined' };

export type DemoRenewal =
  | { kind: 'renewed' | 'failed'; subscription: GatewaySubscription; invoice: GatewayInvoice }
  | { kind: 'canceled' | 'paused'; subscription: GatewaySubscription };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Charges an open invoice with the subscription's card, as Stripe charges a renewal without the
 * cardholder (no 3-D Secure step): paid, the subscription is active again; refused, it is past due, its
 * next try is `nextAttempt` (null: the last one failed, and the subscription ends, as Stripe's setting to
 * cancel after the last retry does). `counts` is false for a try the learner asked for with a new card:
 * it does not use up one of the scheduled retries.
 */
export async function chargeInvoice(
  tx: Database,
  invoice: DemoObject<'invoice'>,
  subscription: DemoObject<'subscription'>,
  schedule: { retryDays: readonly number[]; counts: boolean },
): Promise<'paid' | 'failed'> {
  const method = await readObject(tx, 'payment_method', subscription.data.payment_method);
  const error = method ? chargeError(method.data.behaviour) : DECLINED_WITHOUT_CARD;
  const intent = await readObject(tx, 'payment_intent', invoice.data.payment_intent, { forUpdate: true });
  if (!intent) throw new Error(`demo invoice ${invoice.id} has no payment intent`);
  await writeObject(tx, 'payment_intent', {
    ...intent,
    data: {
      ...intent.data,
      payment_method: subscription.data.payment_method,
      status: error ? 'requires_payment_method' : 'succeeded',
      error_message: error?.message ?? null,
      error_code: error?.code ?? null,
      // The caller applies the result in this very transaction: nothing left to announce.
      announced: true,
    },
  });
  const attempts = (invoice.data.attempt_count ?? 0) + (schedule.counts ? 1 : 0);
  const retryDay = schedule.retryDays[attempts - 1];
  const nextAttempt = error
    ? schedule.counts
      ? retryDay === undefined
        ? null
        : new Date(new Date(invoice.data.period_start).getTime() + retryDay * DAY_MS).toISOString()
      : (invoice.data.next_payment_attempt ?? null)
    : null;
  await writeObject(tx, 'invoice', {
    ...invoice,
    data: {
      ...invoice.data,
      status: error ? 'open' : 'paid',
      amount_paid: error ? 0 : invoice.data.amount_due,
      attempt_count: attempts,
      next_payment_attempt: nextAttempt,
    },
  });
  const status = error ? (nextAttempt === null && schedule.counts ? 'canceled' : 'past_due') : 'active';
  await writeObject(tx, 'subscription', { ...subscription, data: { ...subscription.data, status } });
  return error ? 'failed' : 'paid';
}

/** What Stripe does on its side, without a browser: webhooks for paid payments, renewals and retries. */
export function demoStripeSide(db: Database, period: BillingPeriodOf) {
  /** The subscription and its latest invoice as the gateway shows them, after a charge. */
  async function renewal(
    tx: Database,
    subscriptionId: string,
    invoiceId: string,
    outcome: 'paid' | 'failed',
  ) {
    const subscription = await readSubscription(tx, subscriptionId);
    const invoice = await readInvoice(tx, invoiceId);
    if (!subscription || !invoice) throw new Error('demo renewal vanished inside its own transaction');
    return { kind: outcome === 'paid' ? ('renewed' as const) : ('failed' as const), subscription, invoice };
  }

  return {
    /**
     * Stripe's webhook delivery: the succeeded payments not yet announced, created before `before`
     * (the browser normally reports a payment first), each as the event Stripe would send: invoice.paid
     * for a subscription's invoice, payment_intent.succeeded otherwise. The event id is fixed per
     * payment, so announcing one twice (two processes, a retry) is applied once.
     */
    async unannouncedPayments(
      before: Date,
      limit = 100,
    ): Promise<{ paymentIntentId: string; event: GatewayEvent }[]> {
      const intents = await findUnannouncedIntents(db, before, limit);
      return intents.map(({ id, data: { invoice } }) => {
        const event = invoice
          ? { id: `evt_demo_${id}`, type: 'invoice.paid', objectId: invoice }
          : { id: `evt_demo_${id}`, type: 'payment_intent.succeeded', objectId: id };
        return { paymentIntentId: id, event };
      });
    },

    markAnnounced: (intentId: string): Promise<void> => markIntentAnnounced(db, intentId),

    /**
     * Bills every active subscription whose period has ended, inside the caller's transaction (so the
     * caller can grant in the same one); a subscription set to cancel ends instead, and a paused one
     * moves on a period without an invoice until its pause runs out. The card is charged
     * as its test number says (4000 0000 0000 0341 is refused), and a refused renewal is past due with
     * its first retry `retryDays[0]` days on. Several server processes may run this at once: the due
     * subscriptions are locked with SKIP LOCKED.
     */
    async billDueSubscriptions(
      tx: Database,
      now: Date,
      retryDays: readonly number[],
      limit = 100,
    ): Promise<DemoRenewal[]> {
      const renewals: DemoRenewal[] = [];
      for (const row of await lockDueSubscriptions(tx, now, limit)) {
        const { data } = row;
        if (data.cancel_at_period_end) {
          await writeObject(tx, 'subscription', { ...row, data: { ...data, status: 'canceled' } });
          const subscription = await readSubscription(tx, row.id);
          if (subscription) renewals.push({ kind: 'canceled', subscription });
          continue;
        }
        // After a long outage the next period starts now: periods that nobody could use are not billed.
        const previousEnd = new Date(data.current_period_end);
        const length = period(data.interval_months);
        const start = periodEnd(previousEnd, length) <= now ? now : previousEnd;
        const end = periodEnd(start, length);
        const resumesAt = data.pause_collection ? new Date(data.pause_collection.resumes_at) : null;
        if (resumesAt && resumesAt > start) {
          // A paused period, as Stripe's 'void' pause: the period moves on, nothing is charged.
          const paused = {
            ...row,
            data: {
              ...data,
              current_period_start: start.toISOString(),
              current_period_end: end.toISOString(),
            },
          };
          await writeObject(tx, 'subscription', paused);
          const subscription = await readSubscription(tx, row.id);
          if (subscription) renewals.push({ kind: 'paused', subscription });
          continue;
        }
        const amount = Number(data.metadata.tokenly_amount_cents);
        const invoice: DemoObject<'invoice'> = {
          id: newId('invoice'),
          userId: row.userId,
          data: {
            status: 'open',
            amount_due: amount,
            amount_paid: 0,
            currency: CURRENCY,
            subscription: row.id,
            period_start: start.toISOString(),
            period_end: end.toISOString(),
            payment_intent: newId('payment_intent'),
            attempt_count: 0,
          },
        };
        await writeObject(tx, 'payment_intent', {
          id: invoice.data.payment_intent,
          userId: row.userId,
          data: {
            amount,
            currency: CURRENCY,
            status: 'requires_payment_method',
            client_secret: newClientSecret(invoice.data.payment_intent),
            metadata: {},
            error_message: null,
            payment_method: data.payment_method,
            invoice: invoice.id,
          },
        });
        await writeObject(tx, 'invoice', invoice);
        // Stripe moves the period on whether or not the renewal is paid; a pause that has run out ends.
        const subscription: DemoObject<'subscription'> = {
          ...row,
          data: {
            ...data,
            pause_collection: null,
            current_period_start: start.toISOString(),
            current_period_end: end.toISOString(),
            latest_invoice: invoice.id,
          },
        };
        const outcome = await chargeInvoice(tx, invoice, subscription, { retryDays, counts: true });
        renewals.push(await renewal(tx, row.id, invoice.id, outcome));
      }
      return renewals;
    },

    /**
     * Stripe's retries of refused renewals: each open invoice whose retry is due is charged again; the
     * last refused retry ends the subscription.
     */
    async retryDueInvoices(
      tx: Database,
      now: Date,
      retryDays: readonly number[],
      limit = 100,
    ): Promise<DemoRenewal[]> {
      const renewals: DemoRenewal[] = [];
      for (const invoice of await lockDueRetries(tx, now, limit)) {
        const subscription = await readObject(tx, 'subscription', invoice.data.subscription, {
          forUpdate: true,
        });
        if (subscription?.data.status !== 'past_due') continue;
        const outcome = await chargeInvoice(tx, invoice, subscription, { retryDays, counts: true });
        renewals.push(await renewal(tx, subscription.id, invoice.id, outcome));
      }
      return renewals;
    },
  };
}

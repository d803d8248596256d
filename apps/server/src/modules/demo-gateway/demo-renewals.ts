import type { Database } from '../../db/client';
import {
  CURRENCY,
  type GatewayEvent,
  type GatewayInvoice,
  type GatewaySubscription,
} from '../payment-gateways/payment-gateway';
import type { BillingPeriodOf } from './billing-period';
import { periodEnd } from './billing-period';
import {
  findUnannouncedIntents,
  lockDueSubscriptions,
  markIntentAnnounced,
  newClientSecret,
  newId,
  readInvoice,
  readSubscription,
  writeObject,
} from './demo-gateway-repository';

export type DemoRenewal =
  | { kind: 'renewed'; subscription: GatewaySubscription; invoice: GatewayInvoice }
  | { kind: 'canceled'; subscription: GatewaySubscription };

/** What Stripe does on its side, without a browser: webhooks for paid payments, and renewals. */
export function demoStripeSide(db: Database, period: BillingPeriodOf) {
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
     * caller can grant in the same one); a subscription set to cancel ends instead. Several server
     * processes may run this at once: the due subscriptions are locked with SKIP LOCKED.
     */
    async billDueSubscriptions(tx: Database, now: Date, limit = 100): Promise<DemoRenewal[]> {
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
        const amount = Number(data.metadata.tokenly_amount_cents);
        const invoiceId = newId('invoice');
        const intentId = newId('payment_intent');
        await writeObject(tx, 'payment_intent', {
          id: intentId,
          userId: row.userId,
          data: {
            amount,
            currency: CURRENCY,
            status: 'succeeded',
            client_secret: newClientSecret(intentId),
            metadata: {},
            error_message: null,
            payment_method: data.payment_method,
            invoice: invoiceId,
            // The caller grants the renewal in this very transaction: nothing left to announce.
            announced: true,
          },
        });
        await writeObject(tx, 'invoice', {
          id: invoiceId,
          userId: row.userId,
          data: {
            status: 'paid',
            amount_due: amount,
            amount_paid: amount,
            currency: CURRENCY,
            subscription: row.id,
            period_start: start.toISOString(),
            period_end: end.toISOString(),
            payment_intent: intentId,
          },
        });
        await writeObject(tx, 'subscription', {
          id: row.id,
          userId: row.userId,
          data: {
            ...data,
            current_period_start: start.toISOString(),
            current_period_end: end.toISOString(),
            latest_invoice: invoiceId,
          },
        });
        const subscription = await readSubscription(tx, row.id);
        const invoice = await readInvoice(tx, invoiceId);
        if (subscription && invoice) renewals.push({ kind: 'renewed', subscription, invoice });
      }
      return renewals;
    },
  };
}

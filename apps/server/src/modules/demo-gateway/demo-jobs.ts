import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/job-queue';
import { type Clock, nowOf } from '../../lib/clock';
import type { CheckoutService } from '../checkout/checkout-service';
import type { DemoGateway } from './demo-gateway';

/**
 * What Stripe does on its side at a period's end and on its retry days, for the demo gateway: bill the
 * subscription (or try a refused renewal again) and tell us, as its invoice.paid and
 * invoice.payment_failed webhooks would. Billing and applying share one transaction, so a crash leaves
 * neither half.
 */
export async function renewDueDemoSubscriptions(
  db: Database,
  demo: DemoGateway,
  checkout: CheckoutService,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const retryDays = await checkout.dunningRetryDays(tx);
    const renewals = [
      ...(await demo.billDueSubscriptions(tx, now, retryDays)),
      ...(await demo.retryDueInvoices(tx, now, retryDays)),
    ];
    for (const renewal of renewals) {
      if ('invoice' in renewal) await checkout.applyRenewal(tx, renewal.invoice, renewal.subscription);
      else await checkout.syncSubscription(tx, renewal.subscription);
    }
    return renewals.length;
  });
}

/** The browser reports a payment within seconds of its success; the announcement is the safety net. */
const ANNOUNCE_AFTER_MS = 2 * 60 * 1000;

/**
 * What Stripe's webhook does for a payment whose browser never came back to report it (a closed tab, a
 * lost connection): the demo announces each succeeded payment through the same handler the Stripe
 * webhook uses, so it is granted once, whoever reports it first.
 */
export async function announceDemoPayments(
  demo: DemoGateway,
  checkout: CheckoutService,
  now: Date,
): Promise<number> {
  const payments = await demo.unannouncedPayments(new Date(now.getTime() - ANNOUNCE_AFTER_MS));
  const failures: unknown[] = [];
  // One payment that cannot be applied now must not hold back the others; it is tried again next run.
  for (const { paymentIntentId, event } of payments) {
    try {
      await checkout.handleEvent(event);
      await demo.markAnnounced(paymentIntentId);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `${failures.length} of ${payments.length} demo payments not announced`,
    );
  }
  return payments.length;
}

/**
 * The demo gateway's side of Stripe as jobs: once a minute, renew due subscriptions and announce
 * unreported payments. On the job queue, so with several processes each minute runs once.
 */
export function demoGatewayJobs(db: Database, demo: DemoGateway, checkout: CheckoutService, clock: Clock) {
  const everyMinute = { cron: '* * * * *', retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 120 };
  return [
    defineJob({
      name: 'demo-gateway.renew-subscriptions',
      ...everyMinute,
      run: async () => {
        await renewDueDemoSubscriptions(db, demo, checkout, nowOf(clock));
      },
    }),
    defineJob({
      name: 'demo-gateway.announce-payments',
      ...everyMinute,
      run: async () => {
        await announceDemoPayments(demo, checkout, nowOf(clock));
      },
    }),
  ];
}

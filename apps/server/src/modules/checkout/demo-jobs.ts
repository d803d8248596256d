import type { App } from '../../app';
import type { Database } from '../../db/client';
import type { CheckoutService } from './checkout-service';
import type { DemoGateway } from './demo-gateway';

/**
 * What Stripe does on its side at a period's end, for the demo gateway: bill the subscription and tell
 * us. Billing and granting share one transaction, so a crash leaves neither half.
 */
export async function renewDueDemoSubscriptions(
  db: Database,
  demo: DemoGateway,
  checkout: CheckoutService,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const renewals = await demo.billDueSubscriptions(tx, now);
    for (const renewal of renewals) {
      await checkout.syncSubscription(tx, renewal.subscription);
      if (renewal.kind === 'renewed') await checkout.grantInvoice(tx, renewal.invoice, renewal.subscription);
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
  now: Date = new Date(),
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

/** Runs the demo's jobs every `everyMs` while the app is up; one run at a time, and close waits for it. */
export function scheduleDemoJobs(app: App, run: () => Promise<number>, everyMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  const tick = () => {
    if (current) return;
    current = run()
      .then((count) => {
        if (count > 0)
          app.log.info({ count }, 'demo gateway: subscriptions renewed or ended, payments announced');
      })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'demo gateway jobs failed; retrying next time'),
      )
      .finally(() => {
        current = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}

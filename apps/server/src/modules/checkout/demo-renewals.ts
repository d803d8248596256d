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

/** Runs the renewals every `everyMs` while the app is up; one run at a time, and close waits for it. */
export function scheduleDemoRenewals(app: App, run: () => Promise<number>, everyMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  const tick = () => {
    if (current) return;
    current = run()
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'demo subscriptions renewed or ended');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'demo renewals failed; retrying next time'))
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

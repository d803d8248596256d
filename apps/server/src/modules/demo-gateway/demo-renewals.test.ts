import {
  DEMO_CARDS,
  subscriptionResponseSchema,
  userSubscriptionListResponseSchema,
} from '@tokenly/contract/checkout';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowOf, systemClock } from '../../lib/clock';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import {
  call,
  checkoutServiceOf,
  creditsOf,
  demoPaymentMethod,
  newMembership as newMembershipOf,
  newPackage as newPackageOf,
  payByDemoCard,
  recordOneTime,
  subscribe,
} from '../checkout/checkout-test-kit';
import { createDemoGateway } from './demo-gateway';
import { announceDemoPayments, renewDueDemoSubscriptions } from './demo-jobs';

describe.each(TEST_DATABASE_KINDS)("the demo gateway's side of Stripe on %s", (kind) => {
  let t: TestApp;
  const learner = async () => signedInUser(t.app, t.db);
  const newPackage = () => newPackageOf(t.db);
  const newMembership = () => newMembershipOf(t.db);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("announces payments the browser never reported, as Stripe's webhook would: granted once", async () => {
    const { user, token } = await learner();
    // A package paid, then the tab closed before one-time-payment was sent.
    const plan = await newPackage();
    const { paymentId } = await payByDemoCard(t.app, token, plan);
    // A membership whose bank step was approved, then the tab closed before confirm-subscription.
    const membership = await newMembership();
    const started = subscriptionResponseSchema.parse(
      (
        await subscribe(
          t.app,
          token,
          membership,
          await demoPaymentMethod(t.app, token, DEMO_CARDS.requiresAuthentication),
        )
      ).json(),
    );
    const secret = started.client_secret ?? '';
    await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', { client_secret: secret });
    await call(t.app, token, 'POST', 'demo-gateway/authenticate', { client_secret: secret, approve: true });
    // A declined payment: nothing to announce.
    await payByDemoCard(t.app, token, plan, DEMO_CARDS.insufficientFunds);

    const demo = createDemoGateway(t.db, { clock: systemClock });
    const checkout = checkoutServiceOf(t, demo);
    // The browser gets two minutes to report first.
    await announceDemoPayments(demo, checkout, nowOf(systemClock));
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 0 });

    const later = new Date(systemClock.now() + 3 * 60 * 1000);
    // Two processes at once: each payment is applied once.
    await Promise.all([
      announceDemoPayments(demo, checkout, later),
      announceDemoPayments(demo, checkout, later),
    ]);
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 16, payments: 2, grants: 2, mismatches: [] });
    const [subscription] = userSubscriptionListResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-subscriptions')).json(),
    ).data;
    expect(subscription).toMatchObject({ id: started.data.subscription.id, status: 'active' });

    // Announced ones are not announced again; the browser's late report grants nothing more.
    expect(await demo.unannouncedPayments(later)).not.toContainEqual(
      expect.objectContaining({ paymentIntentId: paymentId }),
    );
    const late = await recordOneTime(t.app, token, plan, paymentId);
    expect(late.json().data).toMatchObject({ granted: false, balance: 16 });
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 16, payments: 2, grants: 2 });
  });

  it('renews due subscriptions once per period and ends cancelled ones at period end', async () => {
    const renewing = await learner();
    const leaving = await learner();
    const plan = await newMembership();
    const start = async (token: string) =>
      subscriptionResponseSchema.parse(
        (
          await subscribe(t.app, token, plan, await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds))
        ).json(),
      ).data.subscription;
    const kept = await start(renewing.token);
    const cancelled = await start(leaving.token);
    const cancel = await call(t.app, leaving.token, 'POST', `cancel-subscription/${cancelled.id}`);
    expect(cancel.json().data).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(
      (await call(t.app, renewing.token, 'POST', `cancel-subscription/${cancelled.id}`)).statusCode,
    ).toBe(404);

    const demo = createDemoGateway(t.db, { clock: systemClock });
    const checkout = checkoutServiceOf(t, demo);
    const afterPeriod = new Date(Date.parse(kept.current_period_end ?? '') + 60_000);
    // Two runs at once, as two server processes would: each subscription is billed once.
    const counts = await Promise.all([
      renewDueDemoSubscriptions(t.db, demo, checkout, afterPeriod),
      renewDueDemoSubscriptions(t.db, demo, checkout, afterPeriod),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
    expect(await renewDueDemoSubscriptions(t.db, demo, checkout, afterPeriod)).toBe(0);

    expect(await creditsOf(t.db, renewing.user.id)).toMatchObject({
      balance: 16,
      payments: 2,
      grants: 2,
      mismatches: [],
    });
    expect(await creditsOf(t.db, leaving.user.id)).toMatchObject({ balance: 8, payments: 1 });
    const [renewed] = userSubscriptionListResponseSchema.parse(
      (await call(t.app, renewing.token, 'GET', 'get-user-subscriptions')).json(),
    ).data;
    expect(Date.parse(renewed?.current_period_start ?? '')).toBe(Date.parse(kept.current_period_end ?? ''));
    const [ended] = userSubscriptionListResponseSchema.parse(
      (await call(t.app, leaving.token, 'GET', 'get-user-subscriptions')).json(),
    ).data;
    expect(ended?.status).toBe('canceled');
    expect((await call(t.app, leaving.token, 'POST', `cancel-subscription/${cancelled.id}`)).statusCode).toBe(
      409,
    );
  });
});

describe.each(TEST_DATABASE_KINDS)("the demo gateway's side of Stripe on the job queue on %s", (kind) => {
  let t: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { runJobs: true }, { clock });
  });
  afterAll(() => t.close());

  it('announces an unreported payment within minutes, by itself', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newPackageOf(t.db);
    // Paid, and the tab closed before the browser reported it.
    await payByDemoCard(t.app, token, plan);
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 0 });

    // The minute jobs (cron) pass the two minutes the browser gets to report first.
    const start = clock.now();
    while (clock.now() < start + 4 * 60_000) await clock.tick(5000);
    await expect
      .poll(() => creditsOf(t.db, user.id), { timeout: 15_000 })
      .toEqual({ balance: 8, payments: 1, grants: 1, mismatches: [] });
  });
});

import {
  DEMO_CARDS,
  subscriptionResponseSchema,
  type UserSubscription,
  userSubscriptionListResponseSchema,
  userSubscriptionResponseSchema,
} from '@tokenly/contract/checkout';
import { MESSAGES } from '@tokenly/contract/messages';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { payments } from '../../db/schema/payments';
import { createSchedule } from '../../db/seed/factories';
import {
  STAND_IN_CARDS,
  type StripeStandIn,
  sendStripeWebhook,
  standInStripeSettings,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { getBalance } from '../credits/credit-service';
import { createDemoGateway } from '../demo-gateway/demo-gateway';
import { renewDueDemoSubscriptions } from '../demo-gateway/demo-jobs';
import { call, checkoutServiceOf, demoPaymentMethod, newMembership, subscribe } from './checkout-test-kit';

// Failed renewals: retries on the school's schedule (1, 3 and 7 days by default) with a mail at each,
// bookings with credits refused after the grace period (3 days), the end after the last retry, and a
// new card tried at once. The demo gateway's job and Stripe's webhooks (each sent twice) alike.

const DAY = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = 'whsec_test_secret';

async function mailsOf(t: TestApp, email: string, kind: 'renewal-failed' | 'subscription-ended') {
  return t.db
    .select({ event: mailOutbox.event, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, kind)));
}

async function subscriptionOf(t: TestApp, token: () => Promise<string>): Promise<UserSubscription> {
  const [subscription] = userSubscriptionListResponseSchema.parse(
    (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json(),
  ).data;
  if (!subscription) throw new Error('the learner has no subscription');
  return subscription;
}

/**
 * A new learner; `token` signs in again each time, as the clock moves on by weeks (past any session).
 */
async function learner(t: TestApp) {
  const { user, password } = await signedInUser(t.app, t.db);
  return { user, token: () => signIn(t.app, { email: user.email, password }) };
}

/** Books a class two days ahead of the clock; the status code and the message. */
async function bookAClass(
  t: TestApp,
  token: () => Promise<string>,
  now: number,
  values: Parameters<typeof createSchedule>[1] = {},
) {
  const schedule = await createSchedule(t.db, { startsAt: new Date(now + 2 * DAY), ...values });
  const response = await call(t.app, await token(), 'POST', 'book-class', { schedule_id: schedule.id });
  return { status: response.statusCode, message: response.json<{ message?: string }>().message };
}

describe.each(TEST_DATABASE_KINDS)('failed renewals with the demo gateway on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  /** A learner with a paid membership whose card (0341) attaches and then refuses every charge. */
  async function memberWithFailingCard() {
    const { user, token } = await learner(t);
    const plan = await newMembership(t.db);
    const started = subscriptionResponseSchema.parse(
      (
        await subscribe(
          t.app,
          await token(),
          plan,
          await demoPaymentMethod(t.app, await token(), DEMO_CARDS.succeeds),
        )
      ).json(),
    ).data.subscription;
    const failing = await demoPaymentMethod(t.app, await token(), DEMO_CARDS.attachesThenFails);
    const updated = await call(t.app, await token(), 'POST', `update-subscription-card/${started.id}`, {
      payment_method: failing,
    });
    // Attached to a membership in good standing: nothing is charged now.
    expect(userSubscriptionResponseSchema.parse(updated.json()).data.status).toBe('active');
    const demo = createDemoGateway(t.db, { clock });
    const checkout = checkoutServiceOf(t, demo, clock);
    const renewAt = async (time: number) => {
      await clock.setTime(time);
      // Two runs, as two processes or a repeated job would: each try is made and told once.
      await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(time));
      await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(time));
    };
    return { user, token, started, renewAt, renewalAt: Date.parse(started.current_period_end ?? '') };
  }

  it('retries after 1, 3 and 7 days with a mail each time, refuses bookings after the grace, then ends', async () => {
    const { user, token, started, renewAt, renewalAt } = await memberWithFailingCard();
    await renewAt(renewalAt + 60_000);

    const pastDue = await subscriptionOf(t, token);
    expect(pastDue).toMatchObject({ id: started.id, status: 'past_due' });
    expect(Date.parse(pastDue.past_due_since ?? '')).toBe(renewalAt + 60_000);
    expect(Date.parse(pastDue.next_payment_attempt ?? '')).toBe(renewalAt + DAY);
    expect(Date.parse(pastDue.bookings_blocked_from ?? '')).toBe(renewalAt + 60_000 + 3 * DAY);
    // Nothing granted for the refused period; the attempt is listed as failed.
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(8);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
    const [first] = await mailsOf(t, user.email, 'renewal-failed');
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(1);
    expect(first?.text).toContain('Update your card');
    expect(first?.text).toContain('/user/payment-list');

    // Within the grace period the learner still books with the credits held.
    expect((await bookAClass(t, token, clock.now())).status).toBe(200);
    await renewAt(renewalAt + DAY + 60_000);
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(2);
    await renewAt(renewalAt + 3 * DAY + 120_000);
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(3);
    expect(await bookAClass(t, token, clock.now())).toEqual({
      status: 409,
      message: MESSAGES.membershipPastDue,
    });
    // The membership is the reason whatever else stands in the way: a full class, too few credits.
    for (const values of [{ noOfUsers: 1, seatsTaken: 1 }, { numberToken: 1_000 }]) {
      expect(await bookAClass(t, token, clock.now(), values)).toEqual({
        status: 409,
        message: MESSAGES.membershipPastDue,
      });
    }

    // The last retry fails: the membership ends, with the ended notice rather than another retry's.
    await renewAt(renewalAt + 7 * DAY + 60_000);
    expect(await subscriptionOf(t, token)).toMatchObject({
      status: 'canceled',
      past_due_since: null,
      bookings_blocked_from: null,
    });
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(3);
    expect(await mailsOf(t, user.email, 'subscription-ended')).toHaveLength(1);
    expect((await bookAClass(t, token, clock.now())).status).toBe(200);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(6);
  });

  it('tries a new card at once: the renewal is paid, its credits granted, bookings open again', async () => {
    const { user, token, started, renewAt, renewalAt } = await memberWithFailingCard();
    await renewAt(renewalAt + 60_000);
    await clock.setTime(renewalAt + 4 * DAY);
    expect((await bookAClass(t, token, clock.now())).status).toBe(409);

    // Another refused card: a 402 with the bank's reason, the membership still past due.
    const stillFailing = await demoPaymentMethod(t.app, await token(), DEMO_CARDS.attachesThenFails);
    const refused = await call(t.app, await token(), 'POST', `update-subscription-card/${started.id}`, {
      payment_method: stillFailing,
    });
    expect(refused.statusCode).toBe(402);
    expect((await subscriptionOf(t, token)).status).toBe('past_due');

    const good = await demoPaymentMethod(t.app, await token(), DEMO_CARDS.succeeds);
    const paid = await call(t.app, await token(), 'POST', `update-subscription-card/${started.id}`, {
      payment_method: good,
    });
    expect(userSubscriptionResponseSchema.parse(paid.json()).data).toMatchObject({
      status: 'active',
      past_due_since: null,
      next_payment_attempt: null,
    });
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(16);
    expect((await bookAClass(t, token, clock.now())).status).toBe(200);
    // The retries that were due find the invoice paid: nothing more is charged or granted.
    await renewAt(renewalAt + 4 * DAY + 60_000);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(15);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
  });
});

describe.each(TEST_DATABASE_KINDS)("failed renewals with Stripe's webhooks on %s", (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(kind, { stripe: standInStripeSettings(stripe, WEBHOOK_SECRET) }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** Every event is delivered twice, as Stripe may: applied once. */
  async function twice(event: { id: string; type: string; objectId: string }) {
    const first = await sendStripeWebhook(t.app, event, WEBHOOK_SECRET);
    const again = await sendStripeWebhook(t.app, event, WEBHOOK_SECRET);
    expect([first.json().duplicate, again.json().duplicate]).toEqual([false, true]);
  }

  async function member() {
    const { user, token } = await learner(t);
    const plan = await newMembership(t.db);
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, await token(), plan, STAND_IN_CARDS.visa)).json(),
    ).data.subscription;
    return { user, token, started, providerId: started.subscription_id };
  }

  it("follows Stripe's retries with a mail each, blocks bookings after the grace, and ends", async () => {
    const { user, token, providerId } = await member();
    const invoice = stripe.renew(providerId, { paid: false });
    await twice({ id: `evt_${invoice}_1`, type: 'invoice.payment_failed', objectId: invoice });
    expect((await subscriptionOf(t, token)).status).toBe('past_due');
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(1);

    stripe.retry(invoice, { paid: false, nextInDays: 3 });
    await twice({ id: `evt_${invoice}_2`, type: 'invoice.payment_failed', objectId: invoice });
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(2);
    const pastDue = await subscriptionOf(t, token);
    expect(pastDue.next_payment_attempt).not.toBeNull();

    await clock.setTime(Date.parse(pastDue.bookings_blocked_from ?? '') + 60_000);
    expect(await bookAClass(t, token, clock.now())).toEqual({
      status: 409,
      message: MESSAGES.membershipPastDue,
    });

    stripe.retry(invoice, { paid: false });
    await twice({ id: `evt_${invoice}_3`, type: 'invoice.payment_failed', objectId: invoice });
    await twice({
      id: `evt_${providerId}_deleted`,
      type: 'customer.subscription.deleted',
      objectId: providerId,
    });
    expect((await subscriptionOf(t, token)).status).toBe('canceled');
    expect(await mailsOf(t, user.email, 'renewal-failed')).toHaveLength(2);
    expect(await mailsOf(t, user.email, 'subscription-ended')).toHaveLength(1);
    expect((await bookAClass(t, token, clock.now())).status).toBe(200);
  });

  it('pays the open invoice at once with a new card; its invoice.paid grants once', async () => {
    const { user, token, started, providerId } = await member();
    const invoice = stripe.renew(providerId, { paid: false });
    await twice({ id: `evt_${invoice}_1`, type: 'invoice.payment_failed', objectId: invoice });
    const before = await getBalance(t.db, user.id, new Date(clock.now()));

    const paid = await call(t.app, await token(), 'POST', `update-subscription-card/${started.id}`, {
      payment_method: STAND_IN_CARDS.visa,
    });
    expect(userSubscriptionResponseSchema.parse(paid.json()).data).toMatchObject({
      status: 'active',
      past_due_since: null,
    });
    expect(stripe.requests.some((request) => request.path === `/v1/invoices/${invoice}/pay`)).toBe(true);
    await twice({ id: `evt_${invoice}_paid`, type: 'invoice.paid', objectId: invoice });
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(before + 8);
  });
});

import {
  DEMO_CARDS,
  subscriptionResponseSchema,
  type UserSubscription,
  userSubscriptionResponseSchema,
} from '@tokenly/contract/checkout';
import { MESSAGES } from '@tokenly/contract/messages';
import type { SchoolSettings } from '@tokenly/contract/school-settings';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';
import { subscriptionPauses } from '../../db/schema/subscriptions';
import {
  STAND_IN_CARDS,
  type StripeStandIn,
  sendStripeWebhook,
  standInStripeSettings,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { getBalance, grantCredits } from '../credits/credit-service';
import { createDemoGateway } from '../demo-gateway/demo-gateway';
import { renewDueDemoSubscriptions } from '../demo-gateway/demo-jobs';
import { call, checkoutServiceOf, demoPaymentMethod, newMembership, subscribe } from './checkout-test-kit';

// Pausing a membership from its next renewal for 1 to 3 billing months: nothing charged and no tokens
// granted meanwhile, the credits held keep their expiry moved on by the pause (less what an early resume
// gives back), within the school's limits; the administrator's pause and resume keep their reason.

const WEBHOOK_SECRET = 'whsec_test_secret';

async function learner(t: TestApp) {
  const { user, password } = await signedInUser(t.app, t.db);
  // Signed in again each time: the clock moves on by months, past any session.
  return { user, token: () => signIn(t.app, { email: user.email, password }) };
}

async function expiriesOf(t: TestApp, userId: number): Promise<number[]> {
  const lots = await t.db.select().from(creditLots).where(eq(creditLots.userId, userId));
  return lots.sort((a, b) => a.id - b.id).map((lot) => lot.expiresAt.getTime());
}

const paymentsOf = async (t: TestApp, userId: number) =>
  (await t.db.select().from(payments).where(eq(payments.userId, userId))).length;

const parsed = (response: { json: () => unknown }): UserSubscription =>
  userSubscriptionResponseSchema.parse(response.json()).data;

describe.each(TEST_DATABASE_KINDS)('pausing a membership with the demo gateway on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  async function member() {
    const who = await learner(t);
    const plan = await newMembership(t.db);
    const token = await who.token();
    const started = subscriptionResponseSchema.parse(
      (
        await subscribe(t.app, token, plan, await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds))
      ).json(),
    ).data.subscription;
    const demo = createDemoGateway(t.db, { clock });
    const checkout = checkoutServiceOf(t, demo, clock);
    const renewAt = async (time: number) => {
      await clock.setTime(time);
      // Twice, as a repeated job run would: each period is billed (or skipped) once.
      await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(time));
      await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(time));
    };
    return { ...who, started, renewAt, renewalAt: Date.parse(started.current_period_end ?? '') };
  }

  it('pauses over a renewal date: no charge, no tokens, expiry moved on; charges again at the planned date', async () => {
    const { user, token, started, renewAt, renewalAt } = await member();
    const [expiry] = await expiriesOf(t, user.id);
    const paused = parsed(
      await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, { months: 2 }),
    );
    const until = Date.parse(paused.paused_until ?? '');
    expect(Date.parse(paused.paused_from ?? '')).toBe(renewalAt);
    expect(new Date(until).getUTCMonth()).toBe((new Date(renewalAt).getUTCMonth() + 2) % 12);
    expect(await expiriesOf(t, user.id)).toEqual([(expiry ?? 0) + (until - renewalAt)]);

    await renewAt(renewalAt + 60_000);
    const afterFirst = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data[0];
    expect(afterFirst).toMatchObject({ status: 'active', paused_until: paused.paused_until });
    expect(await paymentsOf(t, user.id)).toBe(1);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(8);
    await renewAt(Date.parse(afterFirst.current_period_end) + 60_000);
    expect(await paymentsOf(t, user.id)).toBe(1);

    // The planned date: the renewal charges and grants again, and the pause is over.
    await renewAt(until + 60_000);
    expect(await paymentsOf(t, user.id)).toBe(2);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(16);
    const resumed = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data[0];
    expect(resumed).toMatchObject({ paused_from: null, paused_until: null });
  });

  it("takes a pause sent twice at once once, and moves only the membership's own credits", async () => {
    const { user, token, started } = await member();
    // A package's credits, bought apart from the membership: a pause is no reason to keep them longer.
    await grantCredits(t.db, {
      userId: user.id,
      credits: 5,
      expiresAt: new Date(clock.now() + 30 * 24 * 60 * 60 * 1000),
      source: 'grant',
      reason: 'grant',
    });
    const [membershipExpiry, packageExpiry] = await expiriesOf(t, user.id);
    const session = await token();
    const answers = await Promise.all(
      [1, 2].map(() => call(t.app, session, 'POST', `pause-subscription/${started.id}`, { months: 2 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const pauses = await t.db
      .select()
      .from(subscriptionPauses)
      .where(eq(subscriptionPauses.subscriptionId, started.id));
    expect(pauses).toHaveLength(1);
    const [membershipAfter, packageAfter] = await expiriesOf(t, user.id);
    expect(membershipAfter).toBe((membershipExpiry ?? 0) + (pauses[0]?.extendedMs ?? 0));
    expect(packageAfter).toBe(packageExpiry);
  });

  it('resumes early: the next renewal charges, and the expiry keeps only the pause taken', async () => {
    const { user, token, started, renewAt, renewalAt } = await member();
    const [expiry] = await expiriesOf(t, user.id);
    await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, { months: 3 });
    await renewAt(renewalAt + 60_000);
    const during = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data[0];
    const nextRenewal = Date.parse(during.current_period_end);

    const resumed = parsed(await call(t.app, await token(), 'POST', `resume-subscription/${started.id}`));
    expect(resumed).toMatchObject({ paused_from: null, paused_until: null, status: 'active' });
    expect(await expiriesOf(t, user.id)).toEqual([(expiry ?? 0) + (nextRenewal - renewalAt)]);
    expect((await call(t.app, await token(), 'POST', `resume-subscription/${started.id}`)).statusCode).toBe(
      409,
    );

    await renewAt(nextRenewal + 60_000);
    expect(await paymentsOf(t, user.id)).toBe(2);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(16);
  });

  /** The school's settings saved as the administrator's screen saves them. */
  async function setSchool(patch: Partial<SchoolSettings>) {
    const settingsAdmin = await signedInUser(t.app, t.db, 'admin');
    const headers = bearer(settingsAdmin.token);
    const current = await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers });
    const { updated_at: _updatedAt, ...values } = current.json<{ data: SchoolSettings }>().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers,
      payload: { ...values, ...patch },
    });
    expect(saved.statusCode).toBe(200);
  }

  it("keeps to the school's limits; an administrator pauses and resumes with a reason", async () => {
    const { token, started } = await member();
    const tooLong = await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, {
      months: 4,
    });
    expect(tooLong.statusCode).toBe(422);

    await setSchool({ pause_max_months: 1 });
    const overMax = await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, {
      months: 2,
    });
    expect(overMax.statusCode).toBe(409);
    expect(overMax.json().message).toBe(MESSAGES.pauseTooLong({ max: 1 }));

    await setSchool({ pause_allowed: false });
    const off = await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, { months: 1 });
    expect(off.json().message).toBe(MESSAGES.pauseOff);
    await setSchool({ pause_allowed: true, pause_max_months: 3 });

    expect(
      (await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, { months: 1 }))
        .statusCode,
    ).toBe(200);
    await call(t.app, await token(), 'POST', `resume-subscription/${started.id}`);
    // Once a year by default: the second pause is refused.
    const again = await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, { months: 1 });
    expect(again.json().message).toBe(MESSAGES.pauseLimitReached({ times: 1 }));

    // The administrator is not held to the learner's limits, and the log keeps the reason.
    const admin = await signedInUser(t.app, t.db, 'admin');
    const adminPause = await t.app.inject({
      method: 'POST',
      url: `/api/admin-subscription/${started.id}/pause`,
      headers: bearer(admin.token),
      payload: { months: 2, reason: 'Medical leave' },
    });
    expect(parsed(adminPause).paused_until).not.toBeNull();
    const adminResume = await t.app.inject({
      method: 'POST',
      url: `/api/admin-subscription/${started.id}/resume`,
      headers: bearer(admin.token),
      payload: { reason: 'Back sooner' },
    });
    expect(parsed(adminResume).paused_until).toBeNull();
    const logged = await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.user.id));
    expect(logged.map((event) => [event.action, event.reason])).toEqual([
      ['adminPauseSubscription', 'Medical leave'],
      ['adminResumeSubscription', 'Back sooner'],
    ]);
  });
});

describe.each(TEST_DATABASE_KINDS)("pausing a membership with Stripe's pause of collection on %s", (kind) => {
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

  async function twice(event: { id: string; type: string; objectId: string }) {
    const first = await sendStripeWebhook(t.app, event, WEBHOOK_SECRET);
    const again = await sendStripeWebhook(t.app, event, WEBHOOK_SECRET);
    expect([first.json().duplicate, again.json().duplicate]).toEqual([false, true]);
  }

  it("pauses Stripe's collection, resumes early, and follows Stripe's own resume through the webhook", async () => {
    const { user, token } = await learner(t);
    const plan = await newMembership(t.db);
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, await token(), plan, STAND_IN_CARDS.visa)).json(),
    ).data.subscription;
    const providerId = started.subscription_id;
    const paused = parsed(
      await call(t.app, await token(), 'POST', `pause-subscription/${started.id}`, { months: 1 }),
    );
    expect(stripe.subscriptions.get(providerId)?.pause_collection).toEqual({
      behavior: 'void',
      resumes_at: Math.floor(Date.parse(paused.paused_until ?? '') / 1000),
    });
    await twice({
      id: `evt_${providerId}_paused`,
      type: 'customer.subscription.updated',
      objectId: providerId,
    });
    const [kept] = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data;
    expect(kept).toMatchObject({ paused_from: paused.paused_from, paused_until: paused.paused_until });
    expect(await paymentsOf(t, user.id)).toBe(1);

    // An early resume clears Stripe's pause; a pause asked for again by the administrator runs out by itself.
    await call(t.app, await token(), 'POST', `resume-subscription/${started.id}`);
    expect(stripe.subscriptions.get(providerId)?.pause_collection).toBeNull();
    const admin = await signedInUser(t.app, t.db, 'admin');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin-subscription/${started.id}/pause`,
      headers: bearer(admin.token),
      payload: { months: 1, reason: 'Exam month' },
    });
    expect(stripe.subscriptions.get(providerId)?.pause_collection?.behavior).toBe('void');

    // Stripe resumes at resumes_at by itself and says so.
    await clock.setTime(Date.parse(paused.paused_until ?? '') + 60_000);
    stripe.resumeCollection(providerId);
    await twice({
      id: `evt_${providerId}_resumed`,
      type: 'customer.subscription.updated',
      objectId: providerId,
    });
    const [after] = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data;
    expect(after).toMatchObject({ paused_from: null, paused_until: null });
  });
});

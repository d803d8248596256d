import {
  DEMO_CARDS,
  subscriptionResponseSchema,
  type UserSubscription,
  userSubscriptionResponseSchema,
} from '@tokenly/contract/checkout';
import {
  adminSubscriptionPageResponseSchema,
  type PlanChangePreview,
  planChangePreviewResponseSchema,
} from '@tokenly/contract/memberships';
import type { SchoolSettings } from '@tokenly/contract/school-settings';
import { and, eq, gt } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { creditLedger } from '../../db/schema/credit-ledger';
import { creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';
import { createTokenPlan } from '../../db/seed/factories';
import {
  STAND_IN_CARDS,
  type StripeStandIn,
  sendStripeWebhook,
  standInStripeSettings,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkLotsMatchLedger, getBalance } from '../credits/credit-service';
import { createDemoGateway } from '../demo-gateway/demo-gateway';
import { renewDueDemoSubscriptions } from '../demo-gateway/demo-jobs';
import { call, checkoutServiceOf, demoPaymentMethod, newMembership, subscribe } from './checkout-test-kit';

// Changing a membership's plan (an upgrade charged pro rata to the cent with its extra credits granted
// once, a downgrade from the next renewal), the rollover of unused credits up to the school's cap, and
// the administrator's subscriptions list.

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY_MS = 24 * 60 * 60 * 1000;
/** 1 March: its period runs to 1 April, 31 days. */
const MARCH_1 = Date.UTC(2027, 2, 1);

/** A monthly membership of 12 tokens for 65 USD: the dearer neighbour of newMembership's 8 for 47. */
const biggerMembership = (t: TestApp) =>
  createTokenPlan(t.db, {
    tokenTitle: `Monthly Plus ${Math.random()}`,
    tokenCredit: 12,
    amount: 6500,
    kind: 'membership',
    intervalMonths: 1,
  });

async function learner(t: TestApp) {
  const { user, password } = await signedInUser(t.app, t.db);
  return { user, token: () => signIn(t.app, { email: user.email, password }) };
}

const parsed = (response: { json: () => unknown }): UserSubscription =>
  userSubscriptionResponseSchema.parse(response.json()).data;

async function preview(t: TestApp, token: string, id: number, planId: number): Promise<PlanChangePreview> {
  const response = await call(
    t.app,
    token,
    'GET',
    `change-subscription-plan/${id}/preview?user_credit_token_id=${planId}`,
  );
  expect(response.statusCode).toBe(200);
  return planChangePreviewResponseSchema.parse(response.json()).data;
}

const confirm = (t: TestApp, token: string, id: number, quote: PlanChangePreview) =>
  call(t.app, token, 'POST', `change-subscription-plan/${id}`, {
    user_credit_token_id: quote.to_plan.id,
    quoted_at: quote.quoted_at,
    charge_now: quote.charge_now,
  });

const paymentsOf = (t: TestApp, userId: number) =>
  t.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id);

const rolledIn = async (t: TestApp, userId: number) =>
  (
    await t.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(
        and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'rollover'), gt(creditLedger.delta, 0)),
      )
  ).reduce((sum, row) => sum + row.delta, 0);

describe.each(TEST_DATABASE_KINDS)(
  'changing plan and rolling credits over with the demo gateway on %s',
  (kind) => {
    const clock = new TestClock();
    let t: TestApp;

    beforeAll(async () => {
      await clock.setTime(MARCH_1);
      t = await createTestApp(kind, {}, { clock });
    });
    afterAll(() => t.close());

    async function member(plan?: Awaited<ReturnType<typeof newMembership>>) {
      await clock.setTime(MARCH_1);
      const who = await learner(t);
      const token = await who.token();
      const started = subscriptionResponseSchema.parse(
        (
          await subscribe(
            t.app,
            token,
            plan ?? (await newMembership(t.db)),
            await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds),
          )
        ).json(),
      ).data.subscription;
      const demo = createDemoGateway(t.db, { clock });
      const checkout = checkoutServiceOf(t, demo, clock);
      const renewAt = async (time: number) => {
        await clock.setTime(time);
        // Twice, as a repeated job run would.
        await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(time));
        await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(time));
      };
      return { ...who, started, demo, checkout, renewAt };
    }

    it('upgrades now: the rest of the period charged to the cent, the extra credits granted once', async () => {
      const { user, token, started, demo, checkout, renewAt } = await member();
      const bigger = await biggerMembership(t);
      // 21 of the period's 31 days left: 65.00 × 21/31 = 44.03 on the new price, less 47.00 × 21/31 = 31.84
      // of the old one's unused time; and the plans' 4 tokens' difference for that time, 2.7, rounded to 3.
      await clock.setTime(MARCH_1 + 10 * DAY_MS);
      const quote = await preview(t, await token(), started.id, bigger.id);
      expect(quote).toMatchObject({
        kind: 'upgrade',
        charge_now: 1219,
        credits_now: 3,
        takes_effect_at: new Date(MARCH_1 + 10 * DAY_MS).toISOString(),
        next_charge: { at: new Date(Date.UTC(2027, 3, 1)).toISOString(), amount: 6500, credits: 12 },
      });
      // The figures the learner saw, confirmed a minute later, are what is charged; a second press of
      // Confirm at the same moment is refused, not charged again.
      await clock.setTime(MARCH_1 + 10 * DAY_MS + 60_000);
      const presses = await Promise.all([
        confirm(t, await token(), started.id, quote),
        confirm(t, await token(), started.id, quote),
      ]);
      // 409 while the first is at the gateway, 422 (already this plan) once it is done.
      expect(presses.map((press) => press.statusCode).sort()).toEqual([200, expect.toBeOneOf([409, 422])]);
      const changed = parsed(presses.find((press) => press.statusCode === 200) ?? presses[0]);
      expect(changed).toMatchObject({ token_plan: { id: bigger.id }, amount: 6500, scheduled_change: null });
      expect((await paymentsOf(t, user.id)).map((payment) => payment.amount)).toEqual([4700, 1219]);
      expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(11);

      // The demo's own report of the paid invoice, twice, as Stripe's invoice.paid: nothing more.
      await clock.setTime(MARCH_1 + 11 * DAY_MS);
      for (const { event } of await demo.unannouncedPayments(new Date(clock.now()))) {
        await checkout.handleEvent(event);
        await checkout.handleEvent(event);
      }
      expect(await paymentsOf(t, user.id)).toHaveLength(2);
      expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(11);
      // Confirming the same quote again charges nothing a second time: the plan is already the new one.
      expect((await confirm(t, await token(), started.id, quote)).statusCode).toBe(409);

      // The renewal charges the new price and grants its 12 tokens; rollover is off by default.
      await renewAt(Date.UTC(2027, 3, 1) + 60_000);
      expect((await paymentsOf(t, user.id)).map((payment) => payment.amount)).toEqual([4700, 1219, 6500]);
      expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(23);
      expect(await rolledIn(t, user.id)).toBe(0);
      expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
    });

    it('downgrades from the next renewal: nothing charged now, the cheaper plan from then on', async () => {
      const bigger = await biggerMembership(t);
      const { user, token, started, renewAt } = await member(bigger);
      const smaller = await newMembership(t.db);
      await clock.setTime(MARCH_1 + 5 * DAY_MS);
      const quote = await preview(t, await token(), started.id, smaller.id);
      expect(quote).toMatchObject({
        kind: 'downgrade',
        charge_now: 0,
        credits_now: 0,
        takes_effect_at: new Date(Date.UTC(2027, 3, 1)).toISOString(),
        next_charge: { amount: 4700, credits: 8 },
      });
      const changed = parsed(await confirm(t, await token(), started.id, quote));
      expect(changed).toMatchObject({
        token_plan: { id: bigger.id },
        scheduled_change: { token_plan: { id: smaller.id, amount: 4700 } },
      });
      expect(await paymentsOf(t, user.id)).toHaveLength(1);
      // One change at a time.
      expect((await confirm(t, await token(), started.id, quote)).statusCode).toBe(409);

      await renewAt(Date.UTC(2027, 3, 1) + 60_000);
      expect((await paymentsOf(t, user.id)).map((payment) => payment.amount)).toEqual([6500, 4700]);
      expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(20);
      const [after] = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data;
      expect(after).toMatchObject({ token_plan: { id: smaller.id }, amount: 4700, scheduled_change: null });
    });

    /** The school's settings saved as the administrator's screen saves them. */
    async function setSchool(patch: Partial<SchoolSettings>) {
      const headers = bearer((await signedInUser(t.app, t.db, 'admin')).token);
      const current = await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers });
      // What a read says of the write-only secrets is not part of a save.
      const values = Object.fromEntries(
        Object.entries(current.json<{ data: SchoolSettings }>().data).filter(
          ([key]) => key !== 'updated_at' && !key.endsWith('_set'),
        ),
      );
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin-school-settings',
        headers,
        payload: { ...values, ...patch },
      });
      expect(saved.statusCode).toBe(200);
    }

    it('rolls unused credits into the next period up to the cap, a period longer', async () => {
      await setSchool({ rollover_enabled: true, rollover_cap_periods: 1 });
      try {
        const { user, renewAt } = await member();
        // Nothing used: at the first renewal all 8 roll (the cap is one period's 8); at the second, 16
        // are unused and only 8 roll.
        await renewAt(Date.UTC(2027, 3, 1) + 60_000);
        expect(await rolledIn(t, user.id)).toBe(8);
        await renewAt(Date.UTC(2027, 4, 1) + 60_000);
        expect(await rolledIn(t, user.id)).toBe(16);
        expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(24);
        expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
        // The first period's credits, rolled, last one period (April's 30 days) longer than they did.
        const lots = await t.db
          .select()
          .from(creditLots)
          .where(eq(creditLots.userId, user.id))
          .orderBy(creditLots.id);
        const [march, rolled] = lots;
        expect(rolled?.creditsTotal).toBe(8);
        expect((rolled?.expiresAt.getTime() ?? 0) - (march?.expiresAt.getTime() ?? 0)).toBe(30 * DAY_MS);
        // March's 8 credits, all unused though rolled on: its refund is suggested whole (not 8 of 16).
        const preview = await t.app.inject({
          method: 'GET',
          url: `/api/admin-payment/${march?.paymentId}/refund-preview`,
          headers: bearer((await signedInUser(t.app, t.db, 'admin')).token),
        });
        expect(preview.statusCode, preview.body).toBe(200);
        expect(preview.json().data.suggested_amount).toBe(47);
      } finally {
        await setSchool({ rollover_enabled: false });
      }
    });

    it('lists subscriptions for the administrator by state, learner, plan and next charge, and cancels with a reason', async () => {
      const first = await member();
      const second = await member();
      const admin = await signedInUser(t.app, t.db, 'admin');
      const list = async (query: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/admin-subscriptions?${query}`,
          headers: bearer(admin.token),
        });
        expect(response.statusCode).toBe(200);
        return adminSubscriptionPageResponseSchema.parse(response.json()).data;
      };
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/admin-subscription/${second.started.id}/cancel`,
        headers: bearer(admin.token),
        payload: { reason: 'Asked by phone' },
      });
      expect(parsed(cancelled).cancel_at_period_end).toBe(true);
      const logged = await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.user.id));
      expect(logged.map((event) => [event.action, event.reason])).toEqual([
        ['adminCancelSubscription', 'Asked by phone'],
      ]);

      const byLearner = await list(`learner=${encodeURIComponent(first.user.email)}`);
      expect(byLearner.data.map((row) => [row.id, row.state])).toEqual([[first.started.id, 'active']]);
      expect(byLearner.data[0]?.next_charge_at).toBe(first.started.current_period_end);
      const cancelling = await list(`state=cancelling&learner=${encodeURIComponent(second.user.email)}`);
      expect(cancelling.data.map((row) => row.id)).toEqual([second.started.id]);
      expect((await list(`state=paused&learner=${encodeURIComponent(first.user.email)}`)).total).toBe(0);
      expect((await list(`plan_id=${first.started.token_plan.id}`)).data.map((row) => row.id)).toEqual([
        first.started.id,
      ]);
      // Both renew on 1 April: a next-charge range around it finds them, one after it finds neither.
      const april = await list(
        `from=2027-04-01&to=2027-04-01&learner=${encodeURIComponent(first.user.email)}`,
      );
      expect(april.total).toBe(1);
      expect((await list(`from=2027-04-02&learner=${encodeURIComponent(first.user.email)}`)).total).toBe(0);

      // Learners are not administrators.
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/admin-subscriptions',
        headers: bearer(await first.token()),
      });
      expect(refused.statusCode).toBe(403);
    });
  },
);

describe.each(TEST_DATABASE_KINDS)("changing plan with Stripe's proration on %s", (kind) => {
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

  it('upgrades through a prorated subscription update and downgrades at the renewal, each webhook twice', async () => {
    const { user, token } = await learner(t);
    const plan = await newMembership(t.db);
    const bigger = await biggerMembership(t);
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, await token(), plan, STAND_IN_CARDS.visa)).json(),
    ).data.subscription;
    const providerId = started.subscription_id;
    // A third of the way through Stripe's period.
    const period = stripe.subscriptions.get(providerId)?.items.data[0];
    const third = ((period?.current_period_end ?? 0) - (period?.current_period_start ?? 0)) / 3;
    await clock.setTime(((period?.current_period_start ?? 0) + Math.round(third)) * 1000);
    const quote = await preview(t, await token(), started.id, bigger.id);
    expect(quote.charge_now).toBe(Math.round((6500 * 2) / 3) - Math.round((4700 * 2) / 3));
    parsed(await confirm(t, await token(), started.id, quote));
    const update = stripe.requests.filter(
      (request) => request.method === 'POST' && request.path === `/v1/subscriptions/${providerId}`,
    );
    expect(update.at(-1)?.fields.get('proration_behavior')).toBe('always_invoice');
    expect(update.at(-1)?.fields.get('proration_date')).toBe(String(Date.parse(quote.quoted_at) / 1000));
    const charged = stripe.subscriptions.get(providerId)?.latest_invoice ?? '';
    await twice({ id: `evt_${charged}_paid`, type: 'invoice.paid', objectId: charged });
    expect((await paymentsOf(t, user.id)).map((payment) => payment.amount)).toEqual([4700, quote.charge_now]);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(11);

    // Back to the smaller plan from the next renewal: Stripe's price changes without proration.
    const down = await preview(t, await token(), started.id, plan.id);
    parsed(await confirm(t, await token(), started.id, down));
    expect(stripe.requests.at(-1)?.fields.get('proration_behavior')).toBe('none');
    // The upgrade's invoice reported late, once more: the planned downgrade still waits for the renewal.
    await sendStripeWebhook(
      t.app,
      { id: `evt_${charged}_late`, type: 'invoice.paid', objectId: charged },
      WEBHOOK_SECRET,
    );
    const [waiting] = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data;
    expect(waiting).toMatchObject({
      token_plan: { id: bigger.id },
      scheduled_change: { token_plan: { id: plan.id } },
    });
    const renewal = stripe.renew(providerId, { paid: true });
    await twice({ id: `evt_${renewal}_paid`, type: 'invoice.paid', objectId: renewal });
    expect((await paymentsOf(t, user.id)).map((payment) => payment.amount)).toEqual([
      4700,
      quote.charge_now,
      4700,
    ]);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(19);
    const [after] = (await call(t.app, await token(), 'GET', 'get-user-subscriptions')).json().data;
    expect(after).toMatchObject({ token_plan: { id: plan.id }, scheduled_change: null });
  });
});

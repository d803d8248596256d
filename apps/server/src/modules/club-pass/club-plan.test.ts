import { DEMO_CARDS, subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { userClubPassResponseSchema } from '@tokenly/contract/club-pass';
import { dashboardResponseSchema } from '@tokenly/contract/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLots } from '../../db/schema/credit-lots';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { systemClock } from '../../lib/clock';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { call, checkoutServiceOf, demoPaymentMethod, subscribe } from '../checkout/checkout-test-kit';
import { createDemoGateway } from '../demo-gateway/demo-gateway';
import { renewDueDemoSubscriptions } from '../demo-gateway/demo-jobs';
import { newClubPlan, passOf } from './club-plan-test-kit';

// The club plan: the Conversation Club sold as a monthly subscription through the memberships' own
// checkout. Each paid period runs the Club pass to the period's end, once per payment; it grants no
// tokens. With the demo gateway here; the Stripe gateway's webhooks in club-plan-stripe.test.ts.

describe.each(PARITY_DATABASE_KINDS)('the club plan with the demo gateway on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const subscribeWith = async (token: string, plan: Awaited<ReturnType<typeof newClubPlan>>, card: string) =>
    subscriptionResponseSchema.parse(
      (await subscribe(t.app, token, plan, await demoPaymentMethod(t.app, token, card))).json(),
    );

  it('is refused as a one-time purchase: its pass runs only from paid period to paid period', async () => {
    const { token } = await signedInUser(t.app, t.db);
    const plan = await newClubPlan(t);
    const intent = await call(t.app, token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
    });
    expect(intent.statusCode).toBe(422);
    expect(intent.json().errors.user_credit_token_id).toEqual([
      'The Conversation Club is sold as a monthly subscription only.',
    ]);
  });

  it('grants the pass to the end of the first paid period, no tokens, with a receipt and the pass mail', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newClubPlan(t);
    const started = await subscribeWith(token, plan, DEMO_CARDS.succeeds);
    expect(started).toMatchObject({ status: 'success', data: { granted: true, balance: 0 } });
    const periodEnd = started.data.subscription.current_period_end ?? '';

    const { pass, events } = await passOf(t, user.id);
    expect(pass?.endsAt.toISOString()).toBe(new Date(periodEnd).toISOString());
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ status: 'succeeded', numberToken: 0, amount: 2000, membership: 1 });
    expect(events).toEqual([{ kind: 'granted', paymentId: payment?.id }]);
    expect(await t.db.$count(creditLots, eq(creditLots.userId, user.id))).toBe(0);

    const mine = userClubPassResponseSchema.parse((await call(t.app, token, 'GET', 'user-club-pass')).json());
    expect(mine.data.pass).toMatchObject({
      active: true,
      source: { kind: 'subscription', plan_title: plan.tokenTitle },
    });
    expect(mine.data.pass?.days_left).toBeGreaterThanOrEqual(28);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    const receipt = mails.find((mail) => mail.kind === 'receipt');
    expect(receipt?.text).toContain(plan.tokenTitle);
    expect(receipt?.text).not.toContain('Tokens added');
    const granted = mails.filter((mail) => mail.kind === 'club-pass-granted');
    expect(granted).toHaveLength(1);
    expect(granted[0]?.subject).toContain('Your Club pass runs until');
  });

  it('grants only after 3-D Secure succeeds, once however often the result is confirmed', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newClubPlan(t);
    const started = await subscribeWith(token, plan, DEMO_CARDS.requiresAuthentication);
    expect(started.status).toBe('incomplete');
    expect((await passOf(t, user.id)).pass).toBeUndefined();

    const secret = started.client_secret ?? '';
    await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', { client_secret: secret });
    await call(t.app, token, 'POST', 'demo-gateway/authenticate', { client_secret: secret, approve: true });
    const url = `confirm-subscription/${started.data.subscription.id}`;
    const [first, second] = [await call(t.app, token, 'POST', url), await call(t.app, token, 'POST', url)];
    expect([first.json().data.granted, second.json().data.granted]).toEqual([true, false]);
    const { pass, events } = await passOf(t, user.id);
    expect(pass?.endsAt.toISOString()).toBe(
      new Date(first.json().data.subscription.current_period_end).toISOString(),
    );
    expect(events.map((event) => event.kind)).toEqual(['granted']);
  });

  it('extends the pass to the end of each renewed period, once, and not after a cancel at period end', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newClubPlan(t);
    const started = await subscribeWith(token, plan, DEMO_CARDS.succeeds);
    const firstEnd = Date.parse(started.data.subscription.current_period_end ?? '');

    const demo = createDemoGateway(t.db, { clock: systemClock });
    const checkout = checkoutServiceOf(t, demo);
    const afterFirst = new Date(firstEnd + 60_000);
    // Two runs at once, as two server processes would: the period is billed and added once.
    await Promise.all([
      renewDueDemoSubscriptions(t.db, demo, checkout, afterFirst),
      renewDueDemoSubscriptions(t.db, demo, checkout, afterFirst),
    ]);
    const [renewed] = (await call(t.app, token, 'GET', 'get-user-subscriptions')).json().data;
    const secondEnd = Date.parse(renewed.current_period_end);
    expect(secondEnd).toBeGreaterThan(firstEnd);
    const afterRenewal = await passOf(t, user.id);
    expect(afterRenewal.pass?.endsAt.getTime()).toBe(secondEnd);
    expect(afterRenewal.events.map((event) => event.kind)).toEqual(['granted', 'extended']);

    // Cancelled: the paid period runs to its end, and the next one is neither billed nor added.
    await call(t.app, token, 'POST', `cancel-subscription/${started.data.subscription.id}`);
    await renewDueDemoSubscriptions(t.db, demo, checkout, new Date(secondEnd + 60_000));
    const afterCancel = await passOf(t, user.id);
    expect(afterCancel.pass?.endsAt.getTime()).toBe(secondEnd);
    expect(afterCancel.events).toHaveLength(2);
    expect(await t.db.$count(payments, eq(payments.userId, user.id))).toBe(2);
  });

  it('adds the paid period after a running free month instead of swallowing it', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newClubPlan(t);
    const admin = await signedInUser(t.app, t.db, 'admin');
    const granted = await call(t.app, admin.token, 'POST', `admin-user-club-pass/${user.id}/grant`, {
      days: 10,
      reason: 'Welcome gift',
    });
    expect(granted.statusCode).toBe(200);
    const before = (await passOf(t, user.id)).pass;
    const started = await subscribeWith(token, plan, DEMO_CARDS.succeeds);
    const period =
      Date.parse(started.data.subscription.current_period_end ?? '') -
      Date.parse(started.data.subscription.current_period_start ?? '');
    const { pass, events } = await passOf(t, user.id);
    // The period's length, give or take the moments between its start and the grant.
    expect((pass?.endsAt.getTime() ?? 0) - (before?.endsAt.getTime() ?? 0)).toBeGreaterThan(period - 60_000);
    expect((pass?.endsAt.getTime() ?? 0) - (before?.endsAt.getTime() ?? 0)).toBeLessThanOrEqual(period);
    expect(events.map((event) => event.kind)).toEqual(['granted', 'extended']);
  });

  it('refunds of a paid month take its unused days back once, and its money off club revenue', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const admin = await signedInUser(t.app, t.db, 'admin');
    const clubRevenue = async () =>
      dashboardResponseSchema.parse((await call(t.app, admin.token, 'GET', 'admin-dashboard')).json()).data
        .club_revenue;
    const before = await clubRevenue();
    await subscribeWith(token, await newClubPlan(t), DEMO_CARDS.succeeds);
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    const refund = () =>
      call(t.app, admin.token, 'POST', `admin-payment/${payment?.id}/refund`, {
        amount: 10,
        reason: 'Could not attend',
      });
    expect((await refund()).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    const { pass, events } = await passOf(t, user.id);
    expect(events).toEqual([
      { kind: 'granted', paymentId: payment?.id },
      { kind: 'refunded', paymentId: payment?.id },
    ]);
    // Only the seconds the test took were lived.
    expect((pass?.endsAt.getTime() ?? 0) - (pass?.startsAt.getTime() ?? 0)).toBeLessThan(60_000);
    // Refunded in two halves: the whole month's money is off the month's club revenue.
    expect(await clubRevenue()).toBe(before);
  });

  it('writes no pass mail to a learner who turned credit notices off, and counts club revenue', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    await t.db.update(users).set({ mailCreditNotices: false }).where(eq(users.id, user.id));
    const admin = await signedInUser(t.app, t.db, 'admin');
    const dashboard = async () =>
      dashboardResponseSchema.parse((await call(t.app, admin.token, 'GET', 'admin-dashboard')).json()).data;
    const before = await dashboard();

    await subscribeWith(token, await newClubPlan(t), DEMO_CARDS.succeeds);
    const mails = await t.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, user.email));
    expect(mails.map((mail) => mail.kind)).toEqual(['receipt']);
    expect((await passOf(t, user.id)).pass).toBeDefined();

    const after = await dashboard();
    expect(after.club_revenue - before.club_revenue).toBe(20);
    expect(after.token_sales - before.token_sales).toBe(20);
    expect(after.club_passes - before.club_passes).toBe(1);
  });
});

import { subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../db/schema/credit-ledger';
import { payments } from '../../db/schema/payments';
import { createSchedule } from '../../db/seed/factories';
import { nowOf, systemClock } from '../../lib/clock';
import { expectConsistent } from '../../test/consistency';
import { STAND_IN_CARDS } from '../../test/stripe-stand-in';
import { stripeTestApp } from '../../test/stripe-test-app';
import { bearer, signedInUser } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { call, newMembership, newPackage, recordOneTime, subscribe } from '../checkout/checkout-test-kit';
import { getBalance } from '../credits/credit-service';

// Refunds, the Stripe side: ours go through Stripe's Refund API (the local stand-in), and
// refunds made in Stripe's dashboard or disputes opened by the bank arrive as signed webhooks. Each
// takes the payment's unused credits once, however often delivered, and our own refund's echo nothing.

describe.each(TEST_DATABASE_KINDS)('refunds with the Stripe gateway on %s', (kind) => {
  const t = stripeTestApp(kind);
  let admin: { authorization: string };

  /** A learner who paid a package of 8 credits (50 USD) by card; returns our payment row too. */
  async function paidLearner() {
    const learner = await signedInUser(t.app, t.db);
    const plan = await newPackage(t.db);
    const intent = await call(t.app, learner.token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
    });
    const intentId = intent.json<{ data: { payment_id: string } }>().data.payment_id;
    t.stripe.succeed(intentId);
    expect((await recordOneTime(t.app, learner.token, plan, intentId)).statusCode).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, intentId));
    if (!payment) throw new Error('payment not recorded');
    return { ...learner, intentId, payment };
  }

  const clawbacksOf = (userId: number) =>
    t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'clawback')));
  const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

  beforeAll(async () => {
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });

  it("refunds through Stripe's Refund API; Stripe's charge.refunded echo takes nothing twice", async () => {
    const learner = await paidLearner();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin-payment/${learner.payment.id}/refund`,
      headers: admin,
      payload: { amount: 20, reason: 'Goodwill' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = t.stripe.requests.filter(
      (request) =>
        request.path === '/v1/refunds' && request.fields.get('payment_intent') === learner.intentId,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.fields.get('amount')).toBe('2000');
    expect(sent[0]?.fields.get('metadata[tokenly_payment_id]')).toBe(String(learner.payment.id));
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(0);

    // Stripe tells us of the refund we made, twice.
    const charge = t.stripe.chargeOf(learner.intentId);
    expect(charge.amount_refunded).toBe(2000);
    const echo = { id: `evt_echo_${charge.id}`, type: 'charge.refunded', objectId: charge.id };
    expect((await t.webhook(echo)).json()).toEqual({ received: true, duplicate: false });
    expect((await t.webhook(echo)).json()).toEqual({ received: true, duplicate: true });
    expect(await clawbacksOf(learner.user.id)).toHaveLength(1);
    expect(await paymentRow(learner.payment.id)).toMatchObject({ amountRefunded: 2000, status: 'succeeded' });
    await expectConsistent(t.db, [learner.user.id]);
  });

  it('applies a refund made in the dashboard once, however often the webhook is delivered', async () => {
    const learner = await paidLearner();
    // Two credits spent first: they stay spent, and the balance does not go below zero.
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    expect(
      (await call(t.app, learner.token, 'POST', 'book-class', { schedule_id: schedule.id })).statusCode,
    ).toBe(200);
    const chargeId = t.stripe.refundInDashboard(learner.intentId);
    const event = { id: `evt_dashboard_${chargeId}`, type: 'charge.refunded', objectId: chargeId };
    const answers = await Promise.all([t.webhook(event), t.webhook(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await t.webhook(event)).json()).toEqual({ received: true, duplicate: true });

    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(0);
    expect(await clawbacksOf(learner.user.id)).toEqual([
      expect.objectContaining({ delta: -6, actorId: null, paymentId: learner.payment.id }),
    ]);
    expect(await paymentRow(learner.payment.id)).toMatchObject({
      amountRefunded: 5000,
      status: 'refunded',
      refundedBy: null,
      refundEventId: event.id,
    });
    // The same refund in a later event (Stripe's retry under a new id): nothing more.
    await t.webhook({ ...event, id: `${event.id}_again` });
    expect(await clawbacksOf(learner.user.id)).toHaveLength(1);
    await expectConsistent(t.db, [learner.user.id]);
  });

  it("records what Stripe moved when an admin's refund and a dashboard refund's webhook meet", async () => {
    for (const webhookFirst of [true, false]) {
      const learner = await paidLearner();
      const chargeId = t.stripe.refundInDashboard(learner.intentId, 1000);
      const event = { id: `evt_meet_${chargeId}`, type: 'charge.refunded', objectId: chargeId };
      const adminRefund = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin-payment/${learner.payment.id}/refund`,
          headers: admin,
          payload: { amount: 30, reason: 'Agreed' },
        });
      const answers = webhookFirst
        ? await Promise.all([t.webhook(event), adminRefund()])
        : (await Promise.all([adminRefund(), t.webhook(event)])).reverse();
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(t.stripe.chargeOf(learner.intentId).amount_refunded).toBe(4000);
      expect(await paymentRow(learner.payment.id)).toMatchObject({ amountRefunded: 4000 });
      await expectConsistent(t.db, [learner.user.id]);
    }
  });

  it('takes back the unused credits when the bank opens a dispute', async () => {
    const learner = await paidLearner();
    const disputeId = t.stripe.openDispute(learner.intentId);
    const event = { id: `evt_${disputeId}`, type: 'charge.dispute.created', objectId: disputeId };
    expect((await t.webhook(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await t.webhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(0);
    expect(await clawbacksOf(learner.user.id)).toHaveLength(1);
    const row = await paymentRow(learner.payment.id);
    expect(row?.disputedAt).not.toBeNull();
    expect(row?.amountRefunded).toBe(0);
    await expectConsistent(t.db, [learner.user.id]);
  });

  it("ends a refunded membership period's credits, found through the invoice the charge paid", async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, token, await newMembership(t.db), STAND_IN_CARDS.visa)).json(),
    );
    expect(started.data.balance).toBe(8);
    const invoiceId =
      t.stripe.subscriptions.get(started.data.subscription.subscription_id)?.latest_invoice ?? '';
    const chargeId = t.stripe.refundInDashboard(invoiceId);
    await t.webhook({ id: `evt_period_${chargeId}`, type: 'charge.refunded', objectId: chargeId });
    expect(await getBalance(t.db, user.id, nowOf(systemClock))).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, invoiceId));
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: 4700 });
    await expectConsistent(t.db, [user.id]);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubPassEvents, clubPasses } from '../../db/schema/club-passes';
import { payments } from '../../db/schema/payments';
import { createTokenPlan } from '../../db/seed/factories';
import { stripeTestApp } from '../../test/stripe-test-app';
import { signedInUser } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { call, recordOneTime } from '../checkout/checkout-test-kit';

// A package with a free Club month refunded in Stripe's dashboard: the webhook, delivered twice and
// again under a new id, takes the month's unused days back once.

describe.each(PARITY_DATABASE_KINDS)('Club pass refunds with the Stripe gateway on %s', (kind) => {
  const t = stripeTestApp(kind);

  it("takes the free month's unused days back once, however often the refund webhook arrives", async () => {
    const learner = await signedInUser(t.app, t.db);
    const plan = await createTokenPlan(t.db, {
      tokenTitle: `Fluency Pack ${Math.random()}`,
      tokenCredit: 16,
      amount: 9000,
      clubMonths: 1,
    });
    const intent = await call(t.app, learner.token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
    });
    const intentId = intent.json<{ data: { payment_id: string } }>().data.payment_id;
    t.stripe.succeed(intentId);
    expect((await recordOneTime(t.app, learner.token, plan, intentId)).statusCode).toBe(200);
    // Stripe's own success event for the same payment: no second month.
    await t.webhook({ id: `evt_paid_${intentId}`, type: 'payment_intent.succeeded', objectId: intentId });
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, intentId));
    const [granted] = await t.db.select().from(clubPasses).where(eq(clubPasses.userId, learner.user.id));
    expect(granted && granted.endsAt.getTime() - granted.startsAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);

    const chargeId = t.stripe.refundInDashboard(intentId);
    const event = { id: `evt_refund_${chargeId}`, type: 'charge.refunded', objectId: chargeId };
    const answers = await Promise.all([t.webhook(event), t.webhook(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await t.webhook({ ...event, id: `${event.id}_again` });

    const events = await t.db
      .select()
      .from(clubPassEvents)
      .where(and(eq(clubPassEvents.userId, learner.user.id), eq(clubPassEvents.paymentId, payment?.id ?? 0)));
    expect(events.map((row) => row.kind).sort()).toEqual(['granted', 'refunded']);
    const [after] = await t.db.select().from(clubPasses).where(eq(clubPasses.userId, learner.user.id));
    // Nearly the whole month went back: only the seconds the test took were lived.
    expect((after?.endsAt.getTime() ?? 0) - (after?.startsAt.getTime() ?? 0)).toBeLessThan(60_000);
  });
});

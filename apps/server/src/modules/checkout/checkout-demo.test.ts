import {
  CHECKOUT_MESSAGES,
  DEMO_CARDS,
  demoIntentStateResponseSchema,
  oneTimePaymentResponseSchema,
  paymentConfigResponseSchema,
  subscriptionResponseSchema,
  userPaymentPageResponseSchema,
  userSubscriptionListResponseSchema,
} from '@tokenly/contract/checkout';
import { errorBodySchema } from '@tokenly/contract/common';
import { adminPaymentPageResponseSchema } from '@tokenly/contract/payments';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { subscriptionClaims } from '../../db/schema/subscription-claims';
import { createTokenPlan } from '../../db/seed/factories';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { DEMO_DECLINE_MESSAGES } from '../demo-gateway/demo-cards';
import {
  call,
  creditsOf,
  demoPaymentMethod,
  FUTURE_CARD,
  newMembership as newMembershipOf,
  newPackage as newPackageOf,
  payByDemoCard,
  recordOneTime,
  subscribe,
} from './checkout-test-kit';

describe.each(PARITY_DATABASE_KINDS)('checkout with the demo gateway on %s', (kind) => {
  let t: TestApp;
  const learner = async () => signedInUser(t.app, t.db);
  const newPackage = () => newPackageOf(t.db);
  const newMembership = () => newMembershipOf(t.db);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  /** A learner's payment rows, oldest first: what was recorded, and why a failed one failed. */
  const paymentsOf = (userId: number) =>
    t.db
      .select({
        providerRef: payments.providerRef,
        status: payments.status,
        failureReason: payments.failureReason,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.id));
  afterAll(() => t.close());

  it('says the demo gateway runs, with no publishable key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(paymentConfigResponseSchema.parse(response.json()).data).toEqual({
      provider: 'demo',
      publishable_key: null,
      currency: 'usd',
    });
  });

  it('buys a package with 4242: tokens granted once, however often the payment is recorded', async () => {
    const { user, token } = await learner();
    const plan = await newPackage();
    const { paymentId, state } = await payByDemoCard(t.app, token, plan);
    expect(state).toEqual({ id: paymentId, status: 'succeeded', error_message: null, error_code: null });

    const first = await recordOneTime(t.app, token, plan, paymentId);
    expect(first.statusCode).toBe(200);
    const body = oneTimePaymentResponseSchema.parse(first.json());
    expect(body).toMatchObject({ status: 'success', message: CHECKOUT_MESSAGES.oneTimeSuccess });
    expect(body.data).toMatchObject({
      granted: true,
      balance: 8,
      payment: { payment_id: paymentId, number_token: 8, amount: 50, membership: 0, status: 'succeeded' },
    });

    const again = oneTimePaymentResponseSchema.parse(
      (await recordOneTime(t.app, token, plan, paymentId)).json(),
    );
    expect(again.data).toMatchObject({ granted: false, balance: 8 });
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 8, payments: 1, grants: 1, mismatches: [] });

    const list = userPaymentPageResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-payment-list')).json(),
    );
    expect(list.data).toMatchObject({ total: 1, current_page: 1 });
    expect(list.data.data[0]).toMatchObject({
      payment_id: paymentId,
      token_plan: { id: plan.id },
      membership: 0,
    });
  });

  it('prices the intent itself: a different amount is refused, the title alone names the plan', async () => {
    const { token } = await learner();
    const plan = await newPackage();
    const wrong = await call(t.app, token, 'POST', 'payment/intent', {
      amount: 100,
      user_credit_token_id: plan.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorBodySchema.parse(wrong.json()).errors?.amount?.[0]).toContain('50.00 USD');

    const byTitle = await call(t.app, token, 'POST', 'payment/intent', {
      amount: 5000,
      product: plan.tokenTitle,
    });
    expect(byTitle.statusCode).toBe(200);
    expect(byTitle.json()).toMatchObject({ clientSecret: expect.any(String), data: { amount: 5000 } });

    const unknown = await call(t.app, token, 'POST', 'payment/intent', {
      amount: 5000,
      product: 'No such plan',
    });
    expect(unknown.statusCode).toBe(422);
    const retired = await createTokenPlan(t.db, { active: false });
    const offSale = await call(t.app, token, 'POST', 'payment/intent', {
      amount: retired.amount,
      user_credit_token_id: retired.id,
    });
    expect(offSale.statusCode).toBe(404);
  });

  it('grants nothing for a forged, foreign, mismatched or unpaid payment', async () => {
    const buyer = await learner();
    const other = await learner();
    const plan = await newPackage();
    const cheaper = await createTokenPlan(t.db, { tokenCredit: 4, amount: 2800 });
    const { paymentId } = await payByDemoCard(t.app, buyer.token, plan);

    const attempts = [
      { who: buyer, plan, id: 'pi_demo_forged000000', status: 422 },
      { who: other, plan, id: paymentId, status: 422 },
      { who: buyer, plan, id: paymentId, overrides: { amount: 1 }, status: 422 },
      { who: buyer, plan, id: paymentId, overrides: { number_token: 800 }, status: 422 },
      { who: buyer, plan: cheaper, id: paymentId, status: 422 },
      { who: buyer, plan, id: "pi_' OR 1=1 --", status: 422 },
    ];
    for (const attempt of attempts) {
      const response = await recordOneTime(
        t.app,
        attempt.who.token,
        attempt.plan,
        attempt.id,
        attempt.overrides,
      );
      expect(response.statusCode, JSON.stringify(attempt.overrides ?? attempt.id)).toBe(attempt.status);
      expect(errorBodySchema.parse(response.json()).message).not.toBe('');
    }
    expect(await creditsOf(t.db, buyer.user.id)).toMatchObject({ balance: 0, payments: 0 });
    expect(await creditsOf(t.db, other.user.id)).toMatchObject({ balance: 0, payments: 0 });

    // An intent nobody has paid yet.
    const unpaid = await call(t.app, buyer.token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
    });
    const pending = await recordOneTime(t.app, buyer.token, plan, unpaid.json().data.payment_id);
    expect(pending.statusCode).toBe(402);
    expect(await creditsOf(t.db, buyer.user.id)).toMatchObject({ balance: 0, payments: 0 });
  });

  it('declines 9995 with the provider message, records the failure once and grants nothing', async () => {
    const { user, token } = await learner();
    const plan = await newPackage();
    const { paymentId, state } = await payByDemoCard(t.app, token, plan, DEMO_CARDS.insufficientFunds);
    expect(state).toMatchObject({
      status: 'requires_payment_method',
      error_message: DEMO_DECLINE_MESSAGES.insufficient_funds,
    });
    for (const _attempt of [1, 2]) {
      const response = await recordOneTime(t.app, token, plan, paymentId);
      expect(response.statusCode).toBe(402);
      expect(response.json().message).toBe(DEMO_DECLINE_MESSAGES.insufficient_funds);
    }
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 1, grants: 0 });
    expect(await paymentsOf(user.id)).toEqual([
      { providerRef: paymentId, status: 'failed', failureReason: DEMO_DECLINE_MESSAGES.insufficient_funds },
    ]);

    // The school sees it among the failed payments, with the reason; the learner sees it failed.
    const admin = await signedInUser(t.app, t.db, 'admin');
    const failed = adminPaymentPageResponseSchema.parse(
      (await call(t.app, admin.token, 'GET', `get-payment-list?status=failed&user_id=${user.id}`)).json(),
    ).data;
    expect(failed.data).toEqual([
      expect.objectContaining({ status: 'failed', failure_reason: DEMO_DECLINE_MESSAGES.insufficient_funds }),
    ]);
    expect(failed.totals).toMatchObject({ count: 1, gross: 0, net: 0 });
    const own = userPaymentPageResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-payment-list')).json(),
    );
    expect(own.data.data).toEqual([expect.objectContaining({ status: 'failed', invoice: null })]);
  });

  it('asks 3155 to authenticate: approved pays, failed does not', async () => {
    const { user, token } = await learner();
    const plan = await newPackage();
    const approved = await payByDemoCard(t.app, token, plan, DEMO_CARDS.requiresAuthentication);
    expect(approved.state.status).toBe('requires_action');
    expect((await recordOneTime(t.app, token, plan, approved.paymentId)).statusCode).toBe(402);
    const ok = await call(t.app, token, 'POST', 'demo-gateway/authenticate', {
      client_secret: approved.clientSecret,
      approve: true,
    });
    expect(ok.json().data.status).toBe('succeeded');
    expect((await recordOneTime(t.app, token, plan, approved.paymentId)).json().data.granted).toBe(true);

    const failed = await payByDemoCard(t.app, token, plan, DEMO_CARDS.requiresAuthentication);
    const no = await call(t.app, token, 'POST', 'demo-gateway/authenticate', {
      client_secret: failed.clientSecret,
      approve: false,
    });
    expect(no.json().data).toMatchObject({
      status: 'requires_payment_method',
      error_message: DEMO_DECLINE_MESSAGES.authenticationFailed,
    });
    expect((await recordOneTime(t.app, token, plan, failed.paymentId)).statusCode).toBe(402);
    expect(await creditsOf(t.db, user.id)).toMatchObject({
      balance: 8,
      payments: 2,
      grants: 1,
      mismatches: [],
    });
    // Waiting for the bank is no failure; the failed step is, with the bank's answer.
    expect(await paymentsOf(user.id)).toEqual([
      { providerRef: approved.paymentId, status: 'succeeded', failureReason: null },
      {
        providerRef: failed.paymentId,
        status: 'failed',
        failureReason: DEMO_DECLINE_MESSAGES.authenticationFailed,
      },
    ]);

    // Confirmed again with a good card, the same payment pays: the failure becomes the payment, granted once.
    const retried = await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', {
      client_secret: failed.clientSecret,
      payment_method: await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds),
    });
    expect(retried.json().data.status).toBe('succeeded');
    expect((await recordOneTime(t.app, token, plan, failed.paymentId)).json().data.granted).toBe(true);
    expect((await recordOneTime(t.app, token, plan, failed.paymentId)).json().data.granted).toBe(false);
    expect(await creditsOf(t.db, user.id)).toMatchObject({
      balance: 16,
      payments: 2,
      grants: 2,
      mismatches: [],
    });
    expect((await paymentsOf(user.id))[1]).toEqual({
      providerRef: failed.paymentId,
      status: 'succeeded',
      failureReason: null,
    });
  });

  /**
   * Each of Stripe's test cards as Stripe treats a payment its holder makes: the bank's challenge or not,
   * then, once approved, paid or refused with Stripe's message and code.
   */
  const CARD_OUTCOMES: Record<
    keyof typeof DEMO_CARDS,
    { challenge: boolean; error: { message: string; code: string } | null }
  > = (() => {
    const paid = { challenge: false, error: null };
    const authenticated = { challenge: true, error: null };
    const declined = { message: DEMO_DECLINE_MESSAGES.declined, code: 'card_declined' };
    const noFunds = { message: DEMO_DECLINE_MESSAGES.insufficient_funds, code: 'card_declined' };
    return {
      succeeds: paid,
      insufficientFunds: { challenge: false, error: noFunds },
      declined: { challenge: false, error: declined },
      requiresAuthentication: authenticated,
      alwaysAuthenticate: authenticated,
      alreadySetUp: authenticated,
      authenticatedThenInsufficientFunds: { challenge: true, error: noFunds },
      attachesThenFails: { challenge: false, error: declined },
      threeDSecureRequired: authenticated,
      authenticatedThenDeclined: { challenge: true, error: declined },
      threeDSecureLookupError: {
        challenge: false,
        error: { message: DEMO_DECLINE_MESSAGES.processing_error, code: 'processing_error' },
      },
      threeDSecureOptional: paid,
      threeDSecureOptionalErrorIfAttempted: paid,
      threeDSecureNotSupported: paid,
    };
  })();
  const cardCases = Object.entries(CARD_OUTCOMES).map(([name, outcome]) => ({
    name,
    number: DEMO_CARDS[name as keyof typeof DEMO_CARDS],
    ...outcome,
  }));

  it("pays once with each of Stripe's 3-D Secure test cards as Stripe would, the bank approving", async () => {
    const { user, token } = await learner();
    const plan = await newPackage();
    let granted = 0;
    for (const { name, number, challenge, error } of cardCases) {
      const { paymentId, clientSecret, state } = await payByDemoCard(t.app, token, plan, number);
      let final = state;
      if (challenge) {
        expect(state, name).toMatchObject({ status: 'requires_action', error_message: null });
        const approved = await call(t.app, token, 'POST', 'demo-gateway/authenticate', {
          client_secret: clientSecret,
          approve: true,
        });
        final = demoIntentStateResponseSchema.parse(approved.json()).data;
      }
      const recorded = await recordOneTime(t.app, token, plan, paymentId);
      if (error) {
        expect(final, name).toMatchObject({
          status: 'requires_payment_method',
          error_message: error.message,
          error_code: error.code,
        });
        expect(recorded.statusCode, name).toBe(402);
      } else {
        expect(final, name).toMatchObject({ status: 'succeeded', error_message: null, error_code: null });
        expect(recorded.json().data.granted, name).toBe(true);
        granted += 1;
      }
    }
    expect(granted).toBe(8);
    // Every refused card is a failed payment beside the paid ones.
    expect(await creditsOf(t.db, user.id)).toMatchObject({
      balance: 8 * granted,
      payments: cardCases.length,
      grants: granted,
      mismatches: [],
    });
  });

  it("subscribes with each of Stripe's 3-D Secure test cards as Stripe would, the bank approving", async () => {
    const { user, token } = await learner();
    let granted = 0;
    for (const { name, number, challenge, error } of cardCases) {
      const response = await subscribe(
        t.app,
        token,
        await newMembership(),
        await demoPaymentMethod(t.app, token, number),
      );
      if (!challenge && error) {
        // Refused with the first invoice, before any subscription exists.
        expect(response.statusCode, name).toBe(402);
        expect(response.json().message, name).toBe(error.message);
        continue;
      }
      const started = subscriptionResponseSchema.parse(response.json());
      if (!challenge) {
        expect(started, name).toMatchObject({ status: 'success', data: { granted: true } });
        granted += 1;
        continue;
      }
      expect(started, name).toMatchObject({ status: 'incomplete', data: { granted: false } });
      const secret = started.client_secret ?? '';
      const confirmed = await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', {
        client_secret: secret,
      });
      expect(confirmed.json().data.status, name).toBe('requires_action');
      const approved = await call(t.app, token, 'POST', 'demo-gateway/authenticate', {
        client_secret: secret,
        approve: true,
      });
      expect(demoIntentStateResponseSchema.parse(approved.json()).data, name).toMatchObject(
        error ? { error_message: error.message, error_code: error.code } : { status: 'succeeded' },
      );
      const after = subscriptionResponseSchema.parse(
        (await call(t.app, token, 'POST', `confirm-subscription/${started.data.subscription.id}`)).json(),
      );
      expect(after, name).toMatchObject(
        error
          ? { status: 'incomplete', data: { granted: false } }
          : { status: 'success', data: { granted: true, subscription: { status: 'active' } } },
      );
      if (!error) granted += 1;
    }
    expect(granted).toBe(8);
    // Every refused card is a failed payment beside the paid ones.
    expect(await creditsOf(t.db, user.id)).toMatchObject({
      balance: 8 * granted,
      payments: cardCases.length,
      grants: granted,
      mismatches: [],
    });
  });

  it("keeps one learner's demo payments away from another", async () => {
    const owner = await learner();
    const other = await learner();
    const plan = await newPackage();
    const { clientSecret } = await payByDemoCard(t.app, owner.token, plan, DEMO_CARDS.requiresAuthentication);
    const stolen = await call(t.app, other.token, 'POST', 'demo-gateway/authenticate', {
      client_secret: clientSecret,
      approve: true,
    });
    expect(stolen.statusCode).toBe(404);
    const ownerMethod = await demoPaymentMethod(t.app, owner.token, DEMO_CARDS.succeeds);
    const borrowed = await subscribe(t.app, other.token, await newMembership(), ownerMethod);
    expect(borrowed.statusCode).toBe(402);
  });

  it('checks cards as Stripe does', async () => {
    const { token } = await learner();
    const cases = [
      { number: '4242 4242 4242 4241', field: 'number', message: 'Your card number is incorrect.' },
      { number: '4242', field: 'number', message: 'Your card number is incomplete.' },
      {
        number: '5555555555554444',
        field: 'number',
        message: expect.stringContaining("Stripe's test cards"),
      },
      {
        number: DEMO_CARDS.succeeds,
        exp_year: 2001,
        field: 'exp_year',
        message: "Your card's expiration date is in the past.",
      },
      {
        number: DEMO_CARDS.succeeds,
        cvc: '1',
        field: 'cvc',
        message: "Your card's security code is incomplete.",
      },
    ];
    for (const { field, message, ...card } of cases) {
      const response = await call(t.app, token, 'POST', 'demo-gateway/payment-method', {
        ...FUTURE_CARD,
        ...card,
      });
      expect(response.statusCode, card.number).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it('subscribes with 4242: active, first period granted, listed, and not twice', async () => {
    const { user, token } = await learner();
    const plan = await newMembership();
    const response = await subscribe(
      t.app,
      token,
      plan,
      await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds),
    );
    expect(response.statusCode).toBe(200);
    const body = subscriptionResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'success', client_secret: null });
    expect(body.data).toMatchObject({
      granted: true,
      balance: 8,
      subscription: { status: 'active', cancel_at_period_end: false },
    });

    const payments = userPaymentPageResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-payment-list')).json(),
    );
    expect(payments.data.data[0]).toMatchObject({
      membership: 1,
      amount: 47,
      start_date: expect.any(String),
      end_date: expect.any(String),
    });

    const twice = await subscribe(
      t.app,
      token,
      plan,
      await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds),
    );
    expect(twice.statusCode).toBe(409);
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 8, payments: 1, mismatches: [] });
  });

  it('lets one subscribe call at a time reach the provider; a claim left by a dead call expires', async () => {
    const { user, token } = await learner();
    const plan = await newMembership();
    const card = await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds);
    // Another call of this learner is on its way to the provider.
    await t.db.insert(subscriptionClaims).values({ userId: user.id, tokenPlanId: plan.id });
    const meanwhile = await subscribe(t.app, token, plan, card);
    expect(meanwhile.statusCode).toBe(409);
    expect(errorBodySchema.parse(meanwhile.json()).message).toBe(
      'This subscription is already being set up. Please wait a moment.',
    );
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 0 });

    // That call's process died ten minutes ago without releasing its claim.
    await t.db
      .update(subscriptionClaims)
      .set({ claimedAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(subscriptionClaims.userId, user.id));
    expect((await subscribe(t.app, token, plan, card)).statusCode).toBe(200);
    // Released once answered, refused or not: the next call is told it already subscribes.
    expect(
      await t.db.select().from(subscriptionClaims).where(eq(subscriptionClaims.userId, user.id)),
    ).toEqual([]);
    const again = await subscribe(t.app, token, plan, card);
    expect(errorBodySchema.parse(again.json()).message).toBe(
      'You already subscribe to this plan. See your payments page.',
    );
    expect(
      await t.db.select().from(subscriptionClaims).where(eq(subscriptionClaims.userId, user.id)),
    ).toEqual([]);
  });

  it('subscribes with 3155: incomplete until authenticated, then granted once', async () => {
    const { user, token } = await learner();
    const plan = await newMembership();
    const started = subscriptionResponseSchema.parse(
      (
        await subscribe(
          t.app,
          token,
          plan,
          await demoPaymentMethod(t.app, token, DEMO_CARDS.requiresAuthentication),
        )
      ).json(),
    );
    expect(started).toMatchObject({
      status: 'incomplete',
      client_secret: expect.stringContaining('_secret_'),
    });
    expect(started.data).toMatchObject({ granted: false, balance: 0 });
    const secret = started.client_secret ?? '';
    const confirm = await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', {
      client_secret: secret,
    });
    expect(confirm.json().data.status).toBe('requires_action');
    await call(t.app, token, 'POST', 'demo-gateway/authenticate', { client_secret: secret, approve: true });

    const id = started.data.subscription.id;
    const confirmed = subscriptionResponseSchema.parse(
      (await call(t.app, token, 'POST', `confirm-subscription/${id}`)).json(),
    );
    expect(confirmed).toMatchObject({
      status: 'success',
      data: { granted: true, balance: 8, subscription: { status: 'active' } },
    });
    const again = subscriptionResponseSchema.parse(
      (await call(t.app, token, 'POST', `confirm-subscription/${id}`)).json(),
    );
    expect(again.data).toMatchObject({ granted: false, balance: 8 });
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 8, payments: 1, grants: 1 });
  });

  it('leaves a subscription whose authentication failed unpaid and unlisted', async () => {
    const { user, token } = await learner();
    const started = subscriptionResponseSchema.parse(
      (
        await subscribe(
          t.app,
          token,
          await newMembership(),
          await demoPaymentMethod(t.app, token, DEMO_CARDS.requiresAuthentication),
        )
      ).json(),
    );
    const secret = started.client_secret ?? '';
    await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', { client_secret: secret });
    const failed = await call(t.app, token, 'POST', 'demo-gateway/authenticate', {
      client_secret: secret,
      approve: false,
    });
    expect(failed.json().data.error_message).toBe(DEMO_DECLINE_MESSAGES.authenticationFailed);
    const after = subscriptionResponseSchema.parse(
      (await call(t.app, token, 'POST', `confirm-subscription/${started.data.subscription.id}`)).json(),
    );
    expect(after).toMatchObject({ status: 'incomplete', data: { granted: false, balance: 0 } });
    const listed = userSubscriptionListResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-subscriptions')).json(),
    );
    expect(listed.data).toEqual([]);
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 1, grants: 0 });
    expect(await paymentsOf(user.id)).toEqual([
      {
        providerRef: expect.stringMatching(/^in_/),
        status: 'failed',
        failureReason: DEMO_DECLINE_MESSAGES.authenticationFailed,
      },
    ]);
  });

  it('refuses a declined card at subscription with the provider message', async () => {
    const { user, token } = await learner();
    const response = await subscribe(
      t.app,
      token,
      await newMembership(),
      await demoPaymentMethod(t.app, token, DEMO_CARDS.declined),
    );
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(DEMO_DECLINE_MESSAGES.declined);
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 1, grants: 0 });
    expect(await paymentsOf(user.id)).toEqual([
      {
        providerRef: expect.stringMatching(/^pm_/),
        status: 'failed',
        failureReason: DEMO_DECLINE_MESSAGES.declined,
      },
    ]);
  });

  it('is for learners only, and refuses webhooks without Stripe', async () => {
    const admin = await signedInUser(t.app, t.db, 'admin');
    for (const url of ['payment/intent', 'one-time-payment', 'subscription', 'demo-gateway/payment-method']) {
      expect((await t.app.inject({ method: 'POST', url: `/api/${url}`, payload: {} })).statusCode).toBe(401);
      expect((await call(t.app, admin.token, 'POST', url, {})).statusCode).toBe(403);
    }
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'in_1' } } }),
    });
    expect(webhook.statusCode).toBe(400);
  });
});

import { paymentConfigResponseSchema, subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import {
  STAND_IN_CARDS,
  type StripeStandIn,
  sendStripeWebhook,
  standInStripeSettings,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import {
  call,
  creditsOf,
  newMembership as newMembershipOf,
  newPackage as newPackageOf,
  recordOneTime,
  subscribe,
} from './checkout-test-kit';

// The Stripe gateway with the real SDK against a local stand-in of Stripe's API; webhooks signed by
// the SDK's own test-header helper. PGlite is enough here: the race tests run on PostgreSQL elsewhere.

const WEBHOOK_SECRET = 'whsec_test_secret';

describe('checkout with the Stripe gateway', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  const learner = () => signedInUser(t.app, t.db);
  const newPackage = () => newPackageOf(t.db);
  const newMembership = () => newMembershipOf(t.db);

  const webhook = (event: Parameters<typeof sendStripeWebhook>[1], secret = WEBHOOK_SECRET) =>
    sendStripeWebhook(t.app, event, secret);

  async function startIntent(token: string, plan: { id: number; amount: number }) {
    const response = await call(t.app, token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ clientSecret: string; data: { payment_id: string } }>();
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp('pglite', {
      stripe: standInStripeSettings(stripe, WEBHOOK_SECRET),
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('gives the browser the publishable key, and registers no demo calls', async () => {
    const config = paymentConfigResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/payment-config' })).json(),
    );
    expect(config.data).toEqual({ provider: 'stripe', publishable_key: 'pk_test_tokenly', currency: 'usd' });
    const { token } = await learner();
    expect((await call(t.app, token, 'POST', 'demo-gateway/payment-method', {})).statusCode).toBe(404);
  });

  it("creates the intent at the plan's price with our metadata, and grants only once it succeeded", async () => {
    const { user, token } = await learner();
    const plan = await newPackage();
    const { clientSecret, data } = await startIntent(token, plan);
    expect(stripe.intents.get(data.payment_id)?.client_secret).toBe(clientSecret);
    // This learner's request: every test's learner is new.
    const sent = stripe.requests.find(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v1/payment_intents' &&
        request.fields.get('metadata[tokenly_user_id]') === String(user.id),
    );
    expect(sent?.fields.get('amount')).toBe('5000');
    expect(sent?.fields.get('currency')).toBe('usd');
    expect(sent?.fields.get('metadata[tokenly_plan_id]')).toBe(String(plan.id));

    expect((await recordOneTime(t.app, token, plan, data.payment_id)).statusCode).toBe(402);
    stripe.succeed(data.payment_id, { brand: 'visa', last4: '4242', fingerprint: 'Xt5EWLLDS7FJjR1c' });
    const first = await recordOneTime(t.app, token, plan, data.payment_id);
    expect(first.json().data).toMatchObject({ granted: true, balance: 8 });
    // The card's fingerprint, as the charge gives it, for the referral hold.
    const [paid] = await t.db.select().from(payments).where(eq(payments.providerRef, data.payment_id));
    expect(paid?.cardFingerprint).toBe('Xt5EWLLDS7FJjR1c');
    expect((await recordOneTime(t.app, token, plan, data.payment_id)).json().data).toMatchObject({
      granted: false,
      balance: 8,
    });

    // The webhook for the same payment, twice: nothing more.
    const event = {
      id: `evt_${data.payment_id}`,
      type: 'payment_intent.succeeded',
      objectId: data.payment_id,
    };
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 8, payments: 1, grants: 1, mismatches: [] });
  });

  it('grants from the webhook alone when the browser never came back', async () => {
    const { user, token } = await learner();
    const plan = await newPackage();
    const { data } = await startIntent(token, plan);
    stripe.succeed(data.payment_id);
    await webhook({
      id: `evt_only_${data.payment_id}`,
      type: 'payment_intent.succeeded',
      objectId: data.payment_id,
    });
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 8, payments: 1 });
    expect((await recordOneTime(t.app, token, plan, data.payment_id)).json().data.granted).toBe(false);
  });

  it('refuses forged, foreign and mismatched payments, and forged or replayed webhooks', async () => {
    const buyer = await learner();
    const other = await learner();
    const plan = await newPackage();
    const { data } = await startIntent(buyer.token, plan);
    stripe.succeed(data.payment_id);
    expect((await recordOneTime(t.app, buyer.token, plan, 'pi_doesnotexist')).statusCode).toBe(422);
    expect((await recordOneTime(t.app, other.token, plan, data.payment_id)).statusCode).toBe(422);
    expect((await recordOneTime(t.app, buyer.token, plan, data.payment_id, { amount: 0.5 })).statusCode).toBe(
      422,
    );

    // A succeeded payment made outside our checkout, even one claiming our metadata at another price.
    const foreign = stripe.foreignIntent(100, {
      tokenly_user_id: String(buyer.user.id),
      tokenly_plan_id: String(plan.id),
      tokenly_amount_cents: '5000',
      tokenly_number_token: '8',
    });
    // The learner sends the plan's own price, so only the intent's real 100 cents can give it away.
    const foreignRecord = await recordOneTime(t.app, buyer.token, plan, foreign.id);
    expect(foreignRecord.statusCode).toBe(422);
    expect(foreignRecord.json().errors).toHaveProperty('payment_id');
    await webhook({ id: 'evt_foreign', type: 'payment_intent.succeeded', objectId: foreign.id });

    const forged = await webhook(
      { id: 'evt_forged', type: 'payment_intent.succeeded', objectId: data.payment_id },
      'whsec_wrong',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toContain('Webhook refused');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_x","type":"payment_intent.succeeded","data":{"object":{"id":"x"}}}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await creditsOf(t.db, buyer.user.id)).toMatchObject({ balance: 0, payments: 0 });
    expect(await creditsOf(t.db, other.user.id)).toMatchObject({ balance: 0, payments: 0 });
  });

  it('subscribes, grants each paid invoice once (first and renewals), and follows the subscription', async () => {
    const { user, token } = await learner();
    const plan = await newMembership();
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, token, plan, STAND_IN_CARDS.visa)).json(),
    );
    expect(started).toMatchObject({ status: 'success', data: { granted: true, balance: 8 } });
    const providerId = started.data.subscription.subscription_id;
    const created = stripe.requests.find(
      (request) =>
        request.path === '/v1/subscriptions' &&
        request.fields.get('metadata[tokenly_user_id]') === String(user.id),
    );
    expect(created?.fields.get('items[0][price_data][unit_amount]')).toBe('4700');
    expect(created?.fields.get('items[0][price_data][recurring][interval_count]')).toBe('1');
    expect(created?.fields.get('payment_behavior')).toBe('allow_incomplete');

    // The first invoice's webhook after the API already granted it: nothing more.
    const firstInvoice = stripe.subscriptions.get(providerId)?.latest_invoice ?? '';
    await webhook({ id: 'evt_first_invoice', type: 'invoice.paid', objectId: firstInvoice });
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 8, payments: 1 });

    const renewal = stripe.renew(providerId, { paid: true });
    expect(
      (await webhook({ id: 'evt_renewal', type: 'invoice.paid', objectId: renewal })).json().duplicate,
    ).toBe(false);
    expect(
      (await webhook({ id: 'evt_renewal', type: 'invoice.paid', objectId: renewal })).json().duplicate,
    ).toBe(true);
    // The same invoice under a new event id (Stripe may send both invoice.paid and a retry): still once.
    await webhook({ id: 'evt_renewal_again', type: 'invoice.paid', objectId: renewal });
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 16, payments: 2, grants: 2, mismatches: [] });

    const failed = stripe.renew(providerId, { paid: false });
    await webhook({ id: 'evt_failed', type: 'invoice.payment_failed', objectId: failed });
    await webhook({ id: 'evt_failed_paid_claim', type: 'invoice.paid', objectId: failed });
    const afterFailure = (await call(t.app, token, 'GET', 'get-user-subscriptions')).json().data[0];
    expect(afterFailure.status).toBe('past_due');
    // Nothing granted for the refused renewal: it is listed, as failed, beside the two paid ones.
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 16, payments: 3, grants: 2 });

    const cancel = await call(t.app, token, 'POST', `cancel-subscription/${started.data.subscription.id}`);
    expect(cancel.json().data.cancel_at_period_end).toBe(true);
    expect(stripe.subscriptions.get(providerId)?.cancel_at_period_end).toBe(true);
    stripe.endSubscription(providerId);
    await webhook({ id: 'evt_deleted', type: 'customer.subscription.deleted', objectId: providerId });
    expect((await call(t.app, token, 'GET', 'get-user-subscriptions')).json().data[0].status).toBe(
      'canceled',
    );
  });

  it('returns a client secret when the card needs 3-D Secure, and grants after it', async () => {
    const { user, token } = await learner();
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, token, await newMembership(), STAND_IN_CARDS.authenticationRequired)).json(),
    );
    expect(started).toMatchObject({
      status: 'incomplete',
      client_secret: expect.stringContaining('_secret_'),
      data: { granted: false },
    });
    const intentId = (started.client_secret ?? '').split('_secret_')[0] ?? '';
    stripe.succeed(intentId);
    const confirmed = subscriptionResponseSchema.parse(
      (await call(t.app, token, 'POST', `confirm-subscription/${started.data.subscription.id}`)).json(),
    );
    expect(confirmed).toMatchObject({ status: 'success', data: { granted: true, balance: 8 } });
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 8, payments: 1, mismatches: [] });
  });

  it('answers a declined first payment with the provider message and cancels the attempt', async () => {
    const { user, token } = await learner();
    const response = await subscribe(t.app, token, await newMembership(), STAND_IN_CARDS.insufficientFunds);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Your card has insufficient funds.');
    const attempt = [...stripe.subscriptions.values()].find(
      (subscription) => subscription.metadata.tokenly_user_id === String(user.id),
    );
    expect(attempt?.status).toBe('canceled');
    expect((await subscribe(t.app, token, await newMembership(), 'pm_unknown')).statusCode).toBe(402);
    // Both attempts are listed as failed payments, granting nothing.
    expect(await creditsOf(t.db, user.id)).toMatchObject({ balance: 0, payments: 2, grants: 0 });
  });
});

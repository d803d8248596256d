import { subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories';
import { createSmtpPeer } from '../../test/smtp-peer';
import {
  STAND_IN_CARDS,
  type StripeStandIn,
  sendStripeWebhook,
  standInStripeSettings,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { call, newMembership, newPackage, recordOneTime, subscribe } from './checkout-test-kit';

// A receipt for every successful payment (one-time, first period, each renewal) with
// the plan, the amount in USD with VAT included, the tokens and their expiry in the learner's zone; a
// notice when a renewal fails and when the membership ends; each once, however often Stripe repeats.

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('payment mails on %s', (kind) => {
  const peer = createSmtpPeer();
  const clock = new TestClock();
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    await peer.listen();
    stripe = await startStripeStandIn();
    t = await createTestApp(
      kind,
      {
        runJobs: true,
        smtpUrl: peer.url,
        stripe: standInStripeSettings(stripe, WEBHOOK_SECRET),
      },
      { clock },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await peer.stop();
  });

  const webhook = (event: Parameters<typeof sendStripeWebhook>[1]) =>
    sendStripeWebhook(t.app, event, WEBHOOK_SECRET);

  async function learnerIn(timezone: string) {
    const { user, password } = await createUser(t.db, { name: 'Ana Learner', timezone });
    return { user, token: await signIn(t.app, { email: user.email, password }) };
  }

  const mailsTo = (email: string, subject: RegExp) =>
    peer.received.filter(
      (mail) => mail.envelopeTo.includes(email) && subject.test(mail.parsed.subject ?? ''),
    );

  it('sends a receipt for a one-time payment, once', async () => {
    const { user, token } = await learnerIn('Asia/Tokyo');
    const plan = await newPackage(t.db);
    const intent = await call(t.app, token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
    });
    const paymentId = intent.json<{ data: { payment_id: string } }>().data.payment_id;
    stripe.succeed(paymentId);
    expect((await recordOneTime(t.app, token, plan, paymentId)).json().data.granted).toBe(true);
    await webhook({ id: `evt_${paymentId}`, type: 'payment_intent.succeeded', objectId: paymentId });

    const receipt = (await peer.mailTo(clock, user.email, { subject: /^Receipt/ })).parsed;
    expect(receipt.subject).toBe(`Receipt: ${plan.tokenTitle}, 50.00 USD (VAT included) · Tokenly English`);
    const expiry = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(clock.now() + plan.tokenExpiry * DAY));
    for (const part of [receipt.text ?? '', receipt.html || '']) {
      expect(part).toContain('Thank you for your purchase.');
      expect(part).toContain(`Plan: ${plan.tokenTitle}`);
      expect(part).toContain('Amount paid: 50.00 USD (VAT included)');
      expect(part).toContain('Tokens added: 8 tokens, valid until');
      expect(part).toContain(expiry);
      expect(part).toContain('(Asia/Tokyo)');
      // The reference of the learner's payment list and receipt page, not the provider's id.
      expect(part).toMatch(/Payment reference: TE-\d{6}/);
      expect(part).not.toContain(paymentId);
      expect(part).toMatch(/\/user\/payment-list\/\d+\/receipt/);
    }
    await clock.tick(60_000);
    expect(mailsTo(user.email, /^Receipt/)).toHaveLength(1);
  });

  it('sends receipts for the first period and each renewal, and notices of a failed renewal and the end', async () => {
    const { user, token } = await learnerIn('America/New_York');
    const plan = await newMembership(t.db);
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, token, plan, STAND_IN_CARDS.visa)).json(),
    );
    const providerId = started.data.subscription.subscription_id;
    const first = (await peer.mailTo(clock, user.email, { subject: /^Receipt/ })).parsed;
    expect(first.text).toContain('its first period is paid');
    expect(first.text).toContain('Amount paid: 47.00 USD (VAT included)');

    const seen = peer.received.length;
    const renewal = stripe.renew(providerId, { paid: true });
    await webhook({ id: 'evt_renewal', type: 'invoice.paid', objectId: renewal });
    await webhook({ id: 'evt_renewal_again', type: 'invoice.paid', objectId: renewal });
    const renewed = (await peer.mailTo(clock, user.email, { subject: /^Receipt/, after: seen })).parsed;
    expect(renewed.text).toContain('Your membership has renewed for another period.');
    expect(renewed.text).toContain('Tokens added: 8 tokens');

    const failed = stripe.renew(providerId, { paid: false });
    await webhook({ id: 'evt_failed', type: 'invoice.payment_failed', objectId: failed });
    // Stripe retries the card and tells us again: still one notice for the period.
    await webhook({ id: 'evt_failed_retry', type: 'invoice.payment_failed', objectId: failed });
    const notice = (await peer.mailTo(clock, user.email, { subject: /payment failed/ })).parsed;
    expect(notice.subject).toBe(`Your ${plan.tokenTitle} membership payment failed · Tokenly English`);
    for (const part of [notice.text ?? '', notice.html || '']) {
      expect(part).toContain('We could not take the payment of 47.00 USD (VAT included)');
    }

    await call(t.app, token, 'POST', `cancel-subscription/${started.data.subscription.id}`);
    stripe.endSubscription(providerId);
    await webhook({ id: 'evt_deleted', type: 'customer.subscription.deleted', objectId: providerId });
    await webhook({ id: 'evt_deleted_again', type: 'customer.subscription.updated', objectId: providerId });
    const ended = (await peer.mailTo(clock, user.email, { subject: /has ended/ })).parsed;
    expect(ended.text).toContain('it will not renew and no further payments will be taken');

    await clock.tick(60_000);
    expect(mailsTo(user.email, /^Receipt/)).toHaveLength(2);
    expect(mailsTo(user.email, /payment failed/)).toHaveLength(1);
    expect(mailsTo(user.email, /has ended/)).toHaveLength(1);
  });
});

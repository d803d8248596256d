import { subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { describe, expect, it } from 'vitest';
import { STAND_IN_CARDS } from '../../test/stripe-stand-in';
import { stripeTestApp } from '../../test/stripe-test-app';
import { signedInUser } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { call, subscribe } from '../checkout/checkout-test-kit';
import { newClubPlan, passOf } from './club-plan-test-kit';

// The club plan with the Stripe gateway: renewals come by webhook, possibly twice or under a new event
// id; each paid invoice extends the pass once, a failed one not at all.

describe.each(PARITY_DATABASE_KINDS)('the club plan with the Stripe gateway on %s', (kind) => {
  const t = stripeTestApp(kind);

  it('extends the pass once per paid renewal, however often its webhook comes, and not for a failed one', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newClubPlan(t);
    const started = subscriptionResponseSchema.parse(
      (await subscribe(t.app, token, plan, STAND_IN_CARDS.visa)).json(),
    );
    expect(started).toMatchObject({ status: 'success', data: { granted: true, balance: 0 } });
    const providerId = started.data.subscription.subscription_id;
    const created = t.stripe.requests.find(
      (request) =>
        request.path === '/v1/subscriptions' &&
        request.fields.get('metadata[tokenly_user_id]') === String(user.id),
    );
    expect(created?.fields.get('items[0][price_data][unit_amount]')).toBe('2000');
    expect(created?.fields.get('metadata[tokenly_number_token]')).toBe('0');
    const firstEnd = Date.parse(started.data.subscription.current_period_end ?? '');
    expect((await passOf(t, user.id)).pass?.endsAt.getTime()).toBe(firstEnd);

    // The first invoice's own webhook, after the API granted it: nothing more.
    const firstInvoice = t.stripe.subscriptions.get(providerId)?.latest_invoice ?? '';
    await t.webhook({ id: 'evt_club_first', type: 'invoice.paid', objectId: firstInvoice });
    expect((await passOf(t, user.id)).events.map((event) => event.kind)).toEqual(['granted']);

    const renewal = t.stripe.renew(providerId, { paid: true });
    const event = { id: 'evt_club_renewal', type: 'invoice.paid', objectId: renewal };
    const answers = await Promise.all([t.webhook(event), t.webhook(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await t.webhook({ ...event, id: 'evt_club_renewal_again' });
    const [renewed] = (await call(t.app, token, 'GET', 'get-user-subscriptions')).json().data;
    const secondEnd = Date.parse(renewed.current_period_end);
    expect(secondEnd).toBeGreaterThan(firstEnd);
    const afterRenewal = await passOf(t, user.id);
    expect(afterRenewal.pass?.endsAt.getTime()).toBe(secondEnd);
    expect(afterRenewal.events.map((row) => row.kind)).toEqual(['granted', 'extended']);

    const failed = t.stripe.renew(providerId, { paid: false });
    await t.webhook({ id: 'evt_club_failed', type: 'invoice.payment_failed', objectId: failed });
    await t.webhook({ id: 'evt_club_failed_paid_claim', type: 'invoice.paid', objectId: failed });
    const afterFailure = await passOf(t, user.id);
    expect(afterFailure.pass?.endsAt.getTime()).toBe(secondEnd);
    expect(afterFailure.events).toHaveLength(2);
    expect((await call(t.app, token, 'GET', 'get-user-subscriptions')).json().data[0].status).toBe(
      'past_due',
    );
  });
});

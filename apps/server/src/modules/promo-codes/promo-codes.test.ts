import { userPaymentPageResponseSchema } from '@tokenly/contract/checkout';
import { MESSAGES } from '@tokenly/contract/messages';
import { adminPaymentPageResponseSchema, paymentReceiptResponseSchema } from '@tokenly/contract/payments';
import {
  type PromoCodeInput,
  promoCodeResponseSchema,
  promoDiscountCents,
  promoQuoteResponseSchema,
} from '@tokenly/contract/promo-codes';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/invoices';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createTokenPlan } from '../../db/seed/factories';
import { stripeTestApp } from '../../test/stripe-test-app';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS, TEST_DATABASE_KINDS } from '../../test/test-database';
import { call, FUTURE_CARD, recordOneTime } from '../checkout/checkout-test-kit';

const MINUTE = 60_000;
const uniqueCode = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`.toUpperCase();

/** The browser's one-time checkout with a code: the intent, the demo card, then the record call. */
async function payWithCode(
  t: TestApp,
  token: string,
  plan: { id: number },
  code: string,
  amountCents: number,
) {
  const intent = await call(t.app, token, 'POST', 'payment/intent', {
    amount: amountCents,
    user_credit_token_id: plan.id,
    promo_code: code,
  });
  if (intent.statusCode !== 200) return { intent, paymentId: undefined };
  const { clientSecret, data } = intent.json<{ clientSecret: string; data: { payment_id: string } }>();
  const method = await call(t.app, token, 'POST', 'demo-gateway/payment-method', {
    number: '4242424242424242',
    ...FUTURE_CARD,
  });
  await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', {
    client_secret: clientSecret,
    payment_method: method.json<{ data: { id: string } }>().data.id,
  });
  return { intent, paymentId: data.payment_id };
}

describe('promoDiscountCents', () => {
  it('takes a percent rounded half up to the cent, or a fixed amount, and leaves at least 0.50 USD', () => {
    const percent = (percent_off: number) => ({
      kind: 'percent' as const,
      percent_off,
      amount_off_cents: null,
    });
    const amount = (amount_off_cents: number) => ({
      kind: 'amount' as const,
      percent_off: null,
      amount_off_cents,
    });
    expect(promoDiscountCents(4990, percent(15))).toBe(749); // 748.5
    expect(promoDiscountCents(2800, percent(10))).toBe(280);
    expect(promoDiscountCents(999, percent(33))).toBe(330); // 329.67
    expect(promoDiscountCents(5000, amount(555))).toBe(555);
    expect(promoDiscountCents(5000, amount(10_000))).toBe(4950);
    expect(promoDiscountCents(5000, percent(100))).toBe(4950);
  });
});

describe.each(PARITY_DATABASE_KINDS)('promo codes on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  const adminSend = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: admin, ...(payload && { payload }) });
  const createCode = async (body: Partial<PromoCodeInput>) => {
    const response = await adminSend('POST', 'admin-promo-codes', {
      code: uniqueCode('code'),
      kind: 'percent',
      percent_off: 10,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return promoCodeResponseSchema.parse(response.json()).data;
  };
  const check = (token: string, code: string, planId: number) =>
    call(t.app, token, 'POST', 'promo-code/check', { code, user_credit_token_id: planId });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => [
    response.statusCode,
    response.json().message,
  ];
  const newPackage = (amount = 5000) =>
    createTokenPlan(t.db, { tokenTitle: `Package ${Math.random()}`, tokenCredit: 8, amount });

  it('creates, lists, edits and deactivates codes; a code is unique whatever its case', async () => {
    const created = await createCode({ code: 'spring-sale', kind: 'amount', amount_off: 5.55, max_uses: 3 });
    expect(created).toMatchObject({
      code: 'SPRING-SALE',
      amount_off: 5.55,
      percent_off: null,
      uses: 0,
      held: 0,
    });
    const again = await adminSend('POST', 'admin-promo-codes', {
      code: 'Spring-Sale',
      kind: 'percent',
      percent_off: 5,
    });
    expect(again.statusCode).toBe(409);

    const list = await adminSend('GET', 'admin-promo-codes');
    expect(list.json().data.data.map((row: { code: string }) => row.code)).toContain('SPRING-SALE');

    const { token } = await signedInUser(t.app, t.db);
    const plan = await newPackage();
    const quote = await check(token, 'spring-sale', plan.id);
    expect(promoQuoteResponseSchema.parse(quote.json()).data).toEqual({
      code: 'SPRING-SALE',
      price: 50,
      discount: 5.55,
      amount: 44.45,
    });

    const off = await adminSend('PUT', `admin-promo-code/${created.id}`, {
      code: 'SPRING-SALE',
      kind: 'percent',
      percent_off: 15,
      active: false,
    });
    expect(off.json().data).toMatchObject({
      kind: 'percent',
      percent_off: 15,
      amount_off: null,
      active: false,
    });
    expect(refusal(await check(token, 'SPRING-SALE', plan.id))).toEqual([422, MESSAGES.promoCodeUnknown]);
    expect(refusal(await check(token, 'NO-SUCH-CODE', plan.id))).toEqual([422, MESSAGES.promoCodeUnknown]);
  });

  it('holds to its plans, its dates and first purchases', async () => {
    const { token } = await signedInUser(t.app, t.db);
    const [chosen, other] = [await newPackage(), await newPackage()];
    const now = clock.now();
    const forChosen = await createCode({ token_plan_ids: [chosen.id] });
    expect((await check(token, forChosen.code, chosen.id)).statusCode).toBe(200);
    expect(refusal(await check(token, forChosen.code, other.id))).toEqual([422, MESSAGES.promoCodeOtherPlan]);

    const later = await createCode({ starts_at: new Date(now + 60 * MINUTE).toISOString() });
    const ending = await createCode({ ends_at: new Date(now + 60 * MINUTE).toISOString() });
    expect(refusal(await check(token, later.code, chosen.id))).toEqual([422, MESSAGES.promoCodeNotYet]);
    expect((await check(token, ending.code, chosen.id)).statusCode).toBe(200);
    await clock.setTime(now + 61 * MINUTE);
    expect((await check(token, later.code, chosen.id)).statusCode).toBe(200);
    expect(refusal(await check(token, ending.code, chosen.id))).toEqual([422, MESSAGES.promoCodeExpired]);

    const welcome = await createCode({ first_purchase_only: true, percent_off: 20 });
    const { paymentId } = await payWithCode(t, token, chosen, welcome.code, 4000);
    expect((await recordOneTime(t.app, token, chosen, paymentId ?? '', { amount: 40 })).statusCode).toBe(200);
    expect(refusal(await check(token, welcome.code, other.id))).toEqual([
      422,
      MESSAGES.promoCodeFirstPurchase,
    ]);
  });

  it('charges the discounted price, refuses a lower amount, and shows the discount on every record', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newPackage(4990);
    const code = await createCode({ percent_off: 15, max_uses_per_learner: 1 });

    // The client asks to pay less than the code allows, or the full price with the code: both refused.
    for (const amount of [100, 4990, 4240]) {
      const refused = await call(t.app, token, 'POST', 'payment/intent', {
        amount,
        user_credit_token_id: plan.id,
        promo_code: code.code,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.amount).toEqual([
        'The amount does not match the price of this package with the code (42.41 USD).',
      ]);
    }
    const open = async () =>
      call(t.app, token, 'POST', 'payment/intent', {
        amount: 4241,
        user_credit_token_id: plan.id,
        promo_code: code.code.toLowerCase(),
      });
    const opened = await open();
    expect(opened.json().data.amount).toBe(4241);
    // The same learner's checkout opened again is paid with the same payment: no second use is held.
    const reopened = await open();
    expect(reopened.json().data.payment_id).toBe(opened.json().data.payment_id);
    // Opened as a gift instead, it is another purchase: never the open payment for the learner's own credits.
    const asGift = await call(t.app, token, 'POST', 'payment/intent', {
      amount: 4241,
      user_credit_token_id: plan.id,
      promo_code: code.code,
      gift: {
        recipient_email: `friend-${kind}@example.test`,
        deliver_on: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(asGift.json().data?.payment_id).not.toBe(opened.json().data.payment_id);
    const { paymentId } = await payWithCode(t, token, plan, code.code, 4241);
    expect(paymentId).toBe(opened.json().data.payment_id);

    // The record call cannot claim the full price was paid.
    expect((await recordOneTime(t.app, token, plan, paymentId ?? '')).statusCode).toBe(422);
    const recorded = await recordOneTime(t.app, token, plan, paymentId ?? '', { amount: 42.41 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data.payment).toMatchObject({
      amount: 42.41,
      promo_code: code.code,
      discount: 7.49,
    });

    const mine = userPaymentPageResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-payment-list')).json(),
    ).data.data;
    expect(mine[0]).toMatchObject({ amount: 42.41, promo_code: code.code, discount: 7.49 });
    const listed = adminPaymentPageResponseSchema.parse(
      (await adminSend('GET', `get-payment-list?user_id=${user.id}`)).json(),
    ).data.data;
    expect(listed[0]).toMatchObject({ amount: 42.41, promo_code: code.code, discount: 7.49 });
    const csv = await adminSend('GET', `get-payment-list.csv?user_id=${user.id}`);
    const [csvRow] = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(csvRow).toMatchObject({
      'Amount (USD)': '42.41',
      'Promo code': code.code,
      'Discount (USD)': '7.49',
    });
    const receipt = paymentReceiptResponseSchema.parse(
      (await call(t.app, token, 'GET', `user-payment-receipt/${listed[0]?.id}`)).json(),
    ).data;
    expect(receipt).toMatchObject({ amount: 42.41, promo_code: code.code, discount: 7.49 });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(invoice).toMatchObject({
      total: 4241,
      description: `${plan.tokenTitle} (code ${code.code}: -7.49 USD)`,
    });

    const [mail] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'receipt'), eq(mailOutbox.recipient, user.email)));
    expect(mail?.text).toContain(`Discount: 7.49 USD with code ${code.code}`);

    const uses = await adminSend('GET', `admin-promo-code/${code.id}`);
    expect(uses.json().data).toMatchObject({ uses: 1, held: 0 });
    expect(refusal(await check(token, code.code, plan.id))).toEqual([422, MESSAGES.promoCodeUsedByYou]);
  });

  it('counts an abandoned checkout against the total until its hold ends', async () => {
    const plan = await newPackage();
    const code = await createCode({ max_uses: 1 });
    const first = await signedInUser(t.app, t.db);
    const second = await signedInUser(t.app, t.db);
    expect((await payWithCode(t, first.token, plan, code.code, 4500)).intent.statusCode).toBe(200);
    expect(refusal(await check(second.token, code.code, plan.id))).toEqual([422, MESSAGES.promoCodeUsedUp]);
    await clock.setTime(clock.now() + 31 * MINUTE);
    expect((await check(second.token, code.code, plan.id)).statusCode).toBe(200);
  });

  it('cancels a checkout abandoned past its hold before its use goes to another, so it is never paid too', async () => {
    const plan = await newPackage();
    const code = await createCode({ max_uses: 1 });
    const first = await signedInUser(t.app, t.db);
    const second = await signedInUser(t.app, t.db);
    const abandoned = await call(t.app, first.token, 'POST', 'payment/intent', {
      amount: 4500,
      user_credit_token_id: plan.id,
      promo_code: code.code,
    });
    expect(abandoned.statusCode).toBe(200);
    await clock.setTime(clock.now() + 31 * MINUTE);
    const { intent, paymentId } = await payWithCode(t, second.token, plan, code.code, 4500);
    expect(intent.statusCode, intent.body).toBe(200);
    expect((await recordOneTime(t.app, second.token, plan, paymentId ?? '', { amount: 45 })).statusCode).toBe(
      200,
    );
    // The first learner comes back to the old checkout: its payment was cancelled, the card is not charged.
    const method = await call(t.app, first.token, 'POST', 'demo-gateway/payment-method', {
      number: '4242424242424242',
      ...FUTURE_CARD,
    });
    const late = await call(t.app, first.token, 'POST', 'demo-gateway/confirm-card-payment', {
      client_secret: abandoned.json<{ clientSecret: string }>().clientSecret,
      payment_method: method.json<{ data: { id: string } }>().data.id,
    });
    expect(late.json().data.status).toBe('canceled');
    const { data } = abandoned.json<{ data: { payment_id: string } }>();
    expect(
      (await recordOneTime(t.app, first.token, plan, data.payment_id, { amount: 45 })).statusCode,
    ).not.toBe(200);
  });
});

// Row locks and many connections: PostgreSQL only (the pool has 10 connections, PGlite has one).
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'promo code limits under concurrent checkouts',
  () => {
    let t: TestApp;
    let admin: { authorization: string };
    beforeAll(async () => {
      t = await createTestApp('postgres');
      admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    });
    afterAll(() => t.close());

    const codeWith = async (limits: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin-promo-codes',
          headers: admin,
          payload: { code: uniqueCode('race'), kind: 'amount', amount_off: 10, ...limits },
        })
      ).json<{ data: { id: number; code: string } }>().data;
    const intent = (token: string, planId: number, code: string) =>
      call(t.app, token, 'POST', 'payment/intent', {
        amount: 4000,
        user_credit_token_id: planId,
        promo_code: code,
      });

    it('starts exactly max_uses checkouts when 12 learners use a code at once', async () => {
      const plan = await createTokenPlan(t.db, { tokenCredit: 8, amount: 5000 });
      const code = await codeWith({ max_uses: 3 });
      const learners = await Promise.all(Array.from({ length: 12 }, () => signedInUser(t.app, t.db)));
      const responses = await Promise.all(learners.map(({ token }) => intent(token, plan.id, code.code)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(422)]);
      const used = await t.app.inject({
        method: 'GET',
        url: `/api/admin-promo-code/${code.id}`,
        headers: admin,
      });
      expect(used.json().data).toMatchObject({ held: 3, uses: 0 });
    });

    it('starts one checkout when a learner uses a once-per-learner code on 6 packages at once', async () => {
      const plans = await Promise.all(
        Array.from({ length: 6 }, () => createTokenPlan(t.db, { tokenCredit: 8, amount: 5000 })),
      );
      const code = await codeWith({ max_uses_per_learner: 1 });
      const { token } = await signedInUser(t.app, t.db);
      const responses = await Promise.all(plans.map((plan) => intent(token, plan.id, code.code)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(5).fill(422)]);
    });
  },
);

// Stripe's coupons and promotion codes do not apply to payment intents (only to Checkout, invoices and
// subscriptions): the intent is created at the discounted amount, the code and discount in its metadata.
describe('promo codes with the Stripe gateway', () => {
  const t = stripeTestApp('pglite');

  it('creates the payment intent at the discounted amount and grants it once it succeeded', async () => {
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-promo-codes',
      headers: admin,
      payload: { code: uniqueCode('stripe'), kind: 'amount', amount_off: 12.5 },
    });
    const { code } = created.json<{ data: { code: string } }>().data;
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await createTokenPlan(t.db, { tokenCredit: 8, amount: 5000 });
    const intent = await call(t.app, token, 'POST', 'payment/intent', {
      amount: 3750,
      user_credit_token_id: plan.id,
      promo_code: code,
    });
    const paymentId = intent.json<{ data: { payment_id: string } }>().data.payment_id;
    const sent = t.stripe.requests.find(
      (request) =>
        request.path === '/v1/payment_intents' &&
        request.fields.get('metadata[tokenly_user_id]') === String(user.id),
    );
    expect(sent?.fields.get('amount')).toBe('3750');
    expect(sent?.fields.get('metadata[tokenly_promo_code]')).toBe(code);
    expect(sent?.fields.get('metadata[tokenly_discount_cents]')).toBe('1250');
    t.stripe.succeed(paymentId);
    const recorded = await recordOneTime(t.app, token, plan, paymentId, { amount: 37.5 });
    expect(recorded.json().data).toMatchObject({
      granted: true,
      payment: { promo_code: code, discount: 12.5 },
    });
  });
});

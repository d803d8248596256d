import { userPaymentPageResponseSchema } from '@tokenly/contract/checkout';
import { paymentReceiptResponseSchema } from '@tokenly/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { createTokenPlan } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { call, payByDemoCard, recordOneTime } from '../checkout/checkout-test-kit';

// The learner's payments carry a readable reference, and each has a receipt of its own.

describe.each(TEST_DATABASE_KINDS)('payment receipts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const receipt = (token: string, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/user-payment-receipt/${id}`, headers: bearer(token) });

  it('gives the school, date, plan, amount, tokens and expiry of an own payment, and nothing of others', async () => {
    const { token } = await signedInUser(t.app, t.db);
    const plan = await createTokenPlan(t.db, {
      tokenTitle: 'Package 3',
      tokenCredit: 12,
      amount: 7000,
      tokenExpiry: 120,
    });
    const { paymentId } = await payByDemoCard(t.app, token, plan);
    expect((await recordOneTime(t.app, token, plan, paymentId)).statusCode).toBe(200);

    const list = userPaymentPageResponseSchema.parse(
      (await call(t.app, token, 'GET', 'get-user-payment-list')).json(),
    );
    const row = list.data.data[0];
    if (!row) throw new Error('the payment is not listed');
    expect(row.reference).toBe(`TE-${String(row.id).padStart(6, '0')}`);
    expect(row.reference).not.toContain(paymentId);

    const response = await receipt(token, row.id);
    expect(response.statusCode).toBe(200);
    const body = paymentReceiptResponseSchema.parse(response.json()).data;
    expect(body).toMatchObject({
      id: row.id,
      reference: row.reference,
      school_name: 'Tokenly English',
      plan_title: 'Package 3',
      membership: 0,
      amount: 70,
      number_token: 12,
      status: 'succeeded',
      created_at: row.created_at,
    });
    const expiresIn = new Date(body.credits_expire_at ?? 0).getTime() - new Date(body.created_at).getTime();
    expect(Math.round(expiresIn / (24 * 60 * 60 * 1000))).toBe(120);

    const other = await signedInUser(t.app, t.db);
    expect((await receipt(other.token, row.id)).statusCode).toBe(404);
    expect((await receipt(token, row.id + 1000)).statusCode).toBe(404);
    const admin = await signedInUser(t.app, t.db, 'admin');
    expect((await receipt(admin.token, row.id)).statusCode).toBe(403);
  });

  it('shows a membership period, and no expiry for a payment that granted nothing', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const monthly = await createTokenPlan(t.db, {
      tokenTitle: 'Monthly',
      kind: 'membership',
      intervalMonths: 1,
    });
    const [failed] = await t.db
      .insert(payments)
      .values({
        userId: user.id,
        tokenPlanId: monthly.id,
        provider: 'demo',
        providerRef: `in_failed_${kind}`,
        amount: 4700,
        numberToken: 8,
        membership: 1,
        status: 'failed',
        startDate: new Date('2026-02-01T00:00:00Z'),
        endDate: new Date('2026-03-01T00:00:00Z'),
      })
      .returning();
    if (!failed) throw new Error('no payment inserted');
    const body = paymentReceiptResponseSchema.parse((await receipt(token, failed.id)).json()).data;
    expect(body).toMatchObject({
      plan_title: 'Monthly',
      membership: 1,
      status: 'failed',
      start_date: '2026-02-01T00:00:00.000Z',
      end_date: '2026-03-01T00:00:00.000Z',
      credits_expire_at: null,
    });
  });
});

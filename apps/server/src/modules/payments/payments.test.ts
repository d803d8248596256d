import { paymentPageResponseSchema } from '@tokenly/contract/payments';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { createTokenPlan, createUser } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('admin payment list on %s', (kind) => {
  const t = adminTestApp(kind);

  it('is for admins only', async () => {
    await expectAdminOnly(t, t.learnerToken, [{ method: 'GET', url: '/api/get-payment-list?page=1' }]);
  });

  it('lists payments newest first with user, plan, USD amount and membership dates, 15 a page', async () => {
    const { user } = await createUser(t.db, { name: 'Pat Buyer' });
    const pack = await createTokenPlan(t.db, { tokenTitle: 'Starter Pack' });
    const monthly = await createTokenPlan(t.db, {
      tokenTitle: 'Monthly',
      kind: 'membership',
      intervalMonths: 1,
    });
    const base = Date.UTC(2026, 0, 1);
    for (let index = 0; index < 15; index += 1) {
      await t.db.insert(payments).values({
        userId: user.id,
        tokenPlanId: pack.id,
        provider: 'demo',
        providerRef: `pi_${kind}_${index}`,
        amount: 2800,
        numberToken: 4,
        status: 'succeeded',
        createdAt: new Date(base + index * 60_000),
      });
    }
    await t.db.insert(payments).values({
      userId: user.id,
      tokenPlanId: monthly.id,
      provider: 'demo',
      providerRef: `in_${kind}`,
      amount: 4750,
      numberToken: 8,
      membership: 1,
      status: 'succeeded',
      startDate: new Date('2026-02-01T00:00:00Z'),
      endDate: new Date('2026-03-01T00:00:00Z'),
      createdAt: new Date(base + 3_600_000),
    });

    const first = paymentPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/get-payment-list', headers: t.admin })).json(),
    ).data;
    expect(first).toMatchObject({ current_page: 1, per_page: 15, total: 16, last_page: 2 });
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      reference: `TE-${String(first.data[0]?.id).padStart(6, '0')}`,
      user: { id: user.id, name: 'Pat Buyer' },
      token_plan: { id: monthly.id, token_title: 'Monthly' },
      number_token: 8,
      amount: 47.5,
      membership: 1,
      status: 'succeeded',
      start_date: '2026-02-01T00:00:00.000Z',
      end_date: '2026-03-01T00:00:00.000Z',
      created_at: '2026-01-01T01:00:00.000Z',
    });
    expect(first.data[1]).toMatchObject({ membership: 0, start_date: null, end_date: null, amount: 28 });

    const empty = paymentPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/get-payment-list?page=9', headers: t.admin })).json(),
    ).data;
    expect(empty).toMatchObject({ current_page: 9, total: 16, last_page: 2, data: [] });
  });
});

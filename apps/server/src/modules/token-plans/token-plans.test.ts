import { tokenPlanListResponseSchema, tokenPlanResponseSchema } from '@tokenly/contract/token-plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenPlan } from '../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('token plan calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the plans on sale in display order, amounts in USD, without a session', async () => {
    const membership = await createTokenPlan(t.db, {
      tokenTitle: 'Monthly Membership',
      tokenCredit: 8,
      tokenExpiry: 60,
      amount: 4750,
      kind: 'membership',
      intervalMonths: 1,
      sortOrder: 2,
    });
    const pack = await createTokenPlan(t.db, { tokenTitle: 'Starter Pack', amount: 2800, sortOrder: 1 });
    await createTokenPlan(t.db, { tokenTitle: 'Retired Pack', active: false, sortOrder: 0 });

    const response = await t.app.inject({ method: 'GET', url: '/api/get-membership-token' });

    expect(response.statusCode).toBe(200);
    const { data } = tokenPlanListResponseSchema.parse(response.json());
    expect(data).toEqual([
      {
        id: pack.id,
        token_title: 'Starter Pack',
        token_credit: 4,
        token_expiry: 90,
        amount: 28,
        kind: 'package',
        interval_months: null,
        club_months: 0,
        active: true,
      },
      {
        id: membership.id,
        token_title: 'Monthly Membership',
        token_credit: 8,
        token_expiry: 60,
        amount: 47.5,
        kind: 'membership',
        interval_months: 1,
        club_months: 0,
        active: true,
      },
    ]);
  });

  it('returns one plan on sale', async () => {
    const plan = await createTokenPlan(t.db, { tokenTitle: 'Value Pack', tokenCredit: 8, amount: 5000 });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/get-single-membership-token/${plan.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(tokenPlanResponseSchema.parse(response.json()).data).toMatchObject({ id: plan.id, amount: 50 });
  });

  it('answers 404 for an unknown or retired plan, and 422 for an id that is not a number', async () => {
    const retired = await createTokenPlan(t.db, { active: false });
    for (const id of [retired.id, 999_999]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/get-single-membership-token/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This token plan does not exist or is no longer on sale.');
    }
    const notANumber = await t.app.inject({ method: 'GET', url: '/api/get-single-membership-token/abc' });
    expect(notANumber.statusCode).toBe(422);
    expect(Object.keys(notANumber.json().errors)).toEqual(['id']);
  });
});

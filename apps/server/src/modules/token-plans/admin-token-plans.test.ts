import { tokenPlanPageResponseSchema, tokenPlanResponseSchema } from '@tokenly/contract/token-plans';
import { describe, expect, it } from 'vitest';
import { createTokenPlan } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('admin token plan calls on %s', (kind) => {
  const t = adminTestApp(kind);

  const edit = { token_title: 'Value Pack', token_credit: 8, token_expiry: 120 };

  it('is for admins only', async () => {
    await expectAdminOnly(t, t.learnerToken, [
      { method: 'GET', url: '/api/admin-user-token' },
      { method: 'GET', url: '/api/admin-user-token/1' },
      { method: 'POST', url: '/api/admin-user-token', payload: { ...edit, amount: 10 } },
      { method: 'PUT', url: '/api/admin-user-token/1', payload: edit },
    ]);
  });

  it('pages every plan, retired ones too, with amounts in USD', async () => {
    for (let index = 0; index < 15; index += 1) await createTokenPlan(t.db, { sortOrder: index });
    const retired = await createTokenPlan(t.db, {
      tokenTitle: 'Retired',
      active: false,
      amount: 1999,
      sortOrder: 99,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin-user-token?page=2',
      headers: t.admin,
    });
    const page = tokenPlanPageResponseSchema.parse(response.json()).data;
    expect(page).toMatchObject({ current_page: 2, per_page: 15, total: 16, last_page: 2 });
    expect(page.data).toEqual([
      {
        id: retired.id,
        token_title: 'Retired',
        token_credit: 4,
        token_expiry: 90,
        amount: 19.99,
        kind: 'package',
        interval_months: null,
        club_months: 0,
        active: false,
      },
    ]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user-token/${retired.id}`,
      headers: t.admin,
    });
    expect(tokenPlanResponseSchema.parse(one.json()).data.id).toBe(retired.id);
  });

  it('edits title, credit, expiry, price and takes a plan off sale and back', async () => {
    const plan = await createTokenPlan(t.db);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: { ...edit, token_credit: '9', amount: 52.5, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(tokenPlanResponseSchema.parse(off.json()).data).toMatchObject({
      token_title: 'Value Pack',
      token_credit: 9,
      token_expiry: 120,
      amount: 52.5,
      active: false,
    });
    const publicView = await t.app.inject({
      method: 'GET',
      url: `/api/get-single-membership-token/${plan.id}`,
    });
    expect(publicView.statusCode).toBe(404);

    // SPEC.md's edit form sends only the three fields: price and status stay as they were.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: { ...edit, active: true },
    });
    expect(tokenPlanResponseSchema.parse(back.json()).data).toMatchObject({ amount: 52.5, active: true });
  });

  it('adds a package and a membership', async () => {
    const pack = await t.app.inject({
      method: 'POST',
      url: '/api/admin-user-token',
      headers: t.admin,
      payload: { ...edit, token_title: 'Mega Pack', amount: 120 },
    });
    expect(pack.statusCode).toBe(201);
    expect(tokenPlanResponseSchema.parse(pack.json()).data).toMatchObject({
      token_title: 'Mega Pack',
      amount: 120,
      kind: 'package',
      interval_months: null,
      active: true,
    });
    const membership = await t.app.inject({
      method: 'POST',
      url: '/api/admin-user-token',
      headers: t.admin,
      payload: { ...edit, amount: 47, kind: 'membership', interval_months: 1 },
    });
    expect(tokenPlanResponseSchema.parse(membership.json()).data).toMatchObject({
      kind: 'membership',
      interval_months: 1,
    });
    const noPeriod = await t.app.inject({
      method: 'POST',
      url: '/api/admin-user-token',
      headers: t.admin,
      payload: { ...edit, amount: 47, kind: 'membership' },
    });
    expect(noPeriod.statusCode).toBe(422);
    expect(Object.keys(noPeriod.json().errors)).toEqual(['interval_months']);
  });

  it('adds and edits a club plan: monthly, no tokens and no free club months, whatever is sent', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin-user-token',
      headers: t.admin,
      payload: { ...edit, token_title: 'Conversation Club', amount: 20, kind: 'club', club_months: 2 },
    });
    expect(added.statusCode).toBe(201);
    const club = tokenPlanResponseSchema.parse(added.json()).data;
    expect(club).toMatchObject({
      kind: 'club',
      interval_months: 1,
      token_credit: 0,
      club_months: 0,
      amount: 20,
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${club.id}`,
      headers: t.admin,
      payload: { ...edit, token_title: 'Conversation Club', token_credit: 0, amount: 22, club_months: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(tokenPlanResponseSchema.parse(edited.json()).data).toMatchObject({
      kind: 'club',
      token_credit: 0,
      club_months: 0,
      amount: 22,
    });
  });

  it('refuses a price that is no number, never storing it as 0 or 1', async () => {
    const plan = await createTokenPlan(t.db, { amount: 2800 });
    const junk: unknown[] = [[], [[3]], ' ', '', null, false, true, {}, '1e2', '0x10', 0, -5, '-5'];
    for (const amount of junk) {
      for (const request of [
        { method: 'POST' as const, url: '/api/admin-user-token', payload: { ...edit, amount } },
        { method: 'PUT' as const, url: `/api/admin-user-token/${plan.id}`, payload: { ...edit, amount } },
      ]) {
        const response = await t.app.inject({ ...request, headers: t.admin });
        expect(response.statusCode, `${request.method} amount ${JSON.stringify(amount)}`).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['amount']);
      }
    }
    // Numbers as JSON numbers or numerals, as forms send them.
    const numeral = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: { ...edit, token_credit: '8', amount: '47.50' },
    });
    expect(tokenPlanResponseSchema.parse(numeral.json()).data).toMatchObject({
      token_credit: 8,
      amount: 47.5,
    });
    const count = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: { ...edit, token_credit: [8] },
    });
    expect(count.statusCode).toBe(422);
    expect(Object.keys(count.json().errors)).toEqual(['token_credit']);
  });

  it('answers 422 per field and 404 for an unknown plan', async () => {
    const plan = await createTokenPlan(t.db);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: { token_title: '', token_credit: -1, token_expiry: 99999, amount: 10.555 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      token_title: ['Token title is required.'],
      token_credit: ['Token credit must be at least 1.'],
      token_expiry: ['Token expiry must be at most 3650 days.'],
      amount: ['Price can have at most two decimals.'],
    });
    // 0 tokens is a club plan's alone (it runs the Club pass instead).
    const noTokens = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: { ...edit, token_credit: 0 },
    });
    expect(noTokens.statusCode).toBe(422);
    expect(noTokens.json().errors).toEqual({ token_credit: ['Token credit must be at least 1.'] });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: t.admin,
      payload: {},
    });
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'token_credit',
      'token_expiry',
      'token_title',
    ]);
    for (const request of [
      { method: 'GET' as const, url: '/api/admin-user-token/999999' },
      { method: 'PUT' as const, url: '/api/admin-user-token/999999', payload: edit },
    ]) {
      const response = await t.app.inject({ ...request, headers: t.admin });
      expect(response.statusCode).toBe(404);
    }
  });
});

import { authResponseSchema } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  adminCreateResponseSchema,
  adminSearchResponseSchema,
  studentDetailsResponseSchema,
  studentPageResponseSchema,
  userPageResponseSchema,
} from '@tokenly/contract/users';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { payments } from '../../db/schema/payments';
import { createSchedule, createTokenPlan, createUser } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';

describe.each(TEST_DATABASE_KINDS)('admin user calls on %s', (kind) => {
  const t = adminTestApp(kind);

  it('is for admins only', async () => {
    await expectAdminOnly(t, t.learnerToken, [
      { method: 'GET', url: '/api/admin-user-list' },
      { method: 'GET', url: '/api/admin-adminuser-list' },
      { method: 'GET', url: '/api/admin-student/1' },
      { method: 'POST', url: '/api/admin-adminuser', payload: { name: 'A', email: 'a@b.cd', password: 'x' } },
    ]);
  });

  it('lists learners and admins apart, newest first, 15 a page', async () => {
    for (let index = 0; index < 15; index += 1) await createUser(t.db, { name: `Learner ${index}` });
    const newest = (await createUser(t.db, { name: 'Newest Learner' })).user;
    const students = userPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-user-list', headers: t.admin })).json(),
    ).data;
    expect(students).toMatchObject({ current_page: 1, per_page: 15, total: 17, last_page: 2 });
    expect(students.data[0]).toMatchObject({ id: newest.id, name: 'Newest Learner', user_role: 'user' });
    expect(students.data.every((user) => user.user_role === 'user')).toBe(true);

    const admins = userPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-adminuser-list', headers: t.admin })).json(),
    ).data;
    expect(admins.data.every((user) => user.user_role === 'admin')).toBe(true);
    expect(admins.total).toBe(1);
  });

  it('adds an admin who can then sign in, and refuses a taken email or a short password', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-adminuser',
      headers: t.admin,
      payload: { name: 'Second Admin', email: 'Second.Admin@Tokenly.test', password: 'Long enough 1' },
    });
    expect(created.statusCode).toBe(201);
    expect(adminCreateResponseSchema.parse(created.json()).data).toMatchObject({
      name: 'Second Admin',
      email: 'second.admin@tokenly.test',
      user_role: 'admin',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin-login',
      payload: { email: 'second.admin@tokenly.test', password: 'Long enough 1' },
    });
    expect(authResponseSchema.parse(login.json()).user_role).toBe('admin');

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/admin-adminuser',
      headers: t.admin,
      payload: { name: 'Again', email: 'SECOND.admin@tokenly.test', password: 'Long enough 1' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ email: [MESSAGES.emailTaken] });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin-adminuser',
      headers: t.admin,
      payload: { name: '', email: 'nope', password: 'short' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password']);
  });

  it('shows a learner with bookings, payments and balance', async () => {
    const { user } = await createUser(t.db, { name: 'Dana Learner' });
    const schedule = await createSchedule(t.db, { title: 'Travel English' });
    const plan = await createTokenPlan(t.db, { tokenTitle: 'Starter Pack' });
    await t.db.insert(bookings).values({ userId: user.id, scheduleId: schedule.id, credits: 1 });
    await t.db.insert(payments).values({
      userId: user.id,
      tokenPlanId: plan.id,
      provider: 'demo',
      providerRef: `pi_${user.id}`,
      amount: 2800,
      numberToken: 4,
      status: 'succeeded',
    });
    await grantCredits(t.db, {
      userId: user.id,
      credits: 4,
      expiresAt: new Date(Date.now() + 90 * 24 * 60 * 60 * 1000),
      source: 'grant',
      reason: 'grant',
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin-student/${user.id}`,
      headers: t.admin,
    });
    expect(response.statusCode).toBe(200);
    const { data } = studentDetailsResponseSchema.parse(response.json());
    expect(data.user).toMatchObject({ id: user.id, name: 'Dana Learner' });
    expect(data.bookings).toEqual([
      expect.objectContaining({
        schedule_id: schedule.id,
        title: 'Travel English',
        credits: 1,
        status: 'booked',
      }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        amount: 28,
        number_token: 4,
        token_plan: { id: plan.id, token_title: 'Starter Pack' },
      }),
    ]);
    expect(data.balance).toBe(4);
  });

  it('answers 404 for an unknown learner or an admin id', async () => {
    const other = (await createUser(t.db, { role: 'admin' })).user;
    for (const id of [999_999, other.id]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin-student/${id}`,
        headers: t.admin,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This learner does not exist.');
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('students CSV on %s', (kind) => {
  const t = adminTestApp(kind);

  it('lists every learner with level, status and the balance they can spend now', async () => {
    const { user } = await createUser(t.db, { name: 'Ana, "the" Ærøskøbing', level: 3, country: 'DK' });
    const now = Date.now();
    await grantCredits(t.db, {
      userId: user.id,
      credits: 5,
      expiresAt: new Date(now + 86_400_000),
      source: 'grant',
      reason: 'grant',
    });
    // Expired credits are not spendable.
    await grantCredits(t.db, {
      userId: user.id,
      credits: 7,
      expiresAt: new Date(now - 86_400_000),
      source: 'grant',
      reason: 'grant',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin-user-list.csv', headers: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="students.csv"');
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    expect(records.every((record) => record['Student ID'] !== undefined)).toBe(true);
    expect(records.find((record) => record['Student ID'] === String(user.id))).toEqual({
      'Student ID': String(user.id),
      Name: 'Ana, "the" Ærøskøbing',
      Email: user.email,
      Level: 'Advanced',
      Country: 'DK',
      Joined: user.createdAt.toISOString(),
      Status: 'active',
      Balance: '5',
    });
  });
});

// Lists an administrator can work with, and the top bar's search.
describe.each(TEST_DATABASE_KINDS)('students list search and sorting, and the admin search on %s', (kind) => {
  const t = adminTestApp(kind);

  it('searches by part of a name or email, sorts, and shows balance, next expiry and latest booking', async () => {
    const tag = `srch${kind}`;
    const rich = (await createUser(t.db, { name: `Bea ${tag} Rich` })).user;
    const poor = (await createUser(t.db, { name: `Abe ${tag} Poor` })).user;
    await createUser(t.db, { name: 'Someone Else' });
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const later = new Date(Date.now() + 30 * 86_400_000);
    for (const [credits, expiresAt] of [
      [2, soon],
      [1, soon],
      [9, later],
    ] as const) {
      await grantCredits(t.db, { userId: rich.id, credits, expiresAt, source: 'grant', reason: 'grant' });
    }
    const schedule = await createSchedule(t.db);
    await t.db.insert(bookings).values({
      userId: poor.id,
      scheduleId: schedule.id,
      credits: 1,
      status: 'cancelled',
      createdAt: new Date('2030-01-02T03:04:05Z'),
    });

    const list = async (query: string) =>
      studentPageResponseSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/admin-user-list?${query}`, headers: t.admin })
        ).json(),
      ).data;

    const byName = await list(`q=${tag}&sort=name`);
    expect(byName.total).toBe(2);
    expect(byName.data.map((row) => row.id)).toEqual([poor.id, rich.id]);
    expect(byName.data[1]).toMatchObject({
      balance: 12,
      next_expiry: { credits: 3, expires_at: soon.toISOString() },
      last_booking_at: null,
      disabled_at: null,
    });
    expect(byName.data[0]).toMatchObject({
      balance: 0,
      next_expiry: null,
      last_booking_at: '2030-01-02T03:04:05.000Z',
    });
    expect((await list(`q=${tag}&sort=balance`)).data.map((row) => row.id)).toEqual([rich.id, poor.id]);
    expect((await list(`q=${tag}&sort=last_booking`)).data.map((row) => row.id)).toEqual([poor.id, rich.id]);
    // By email too, case-insensitively.
    expect(
      (await list(`q=${encodeURIComponent(rich.email.toUpperCase())}`)).data.map((row) => row.id),
    ).toEqual([rich.id]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin-user-list?sort=age',
      headers: t.admin,
    });
    expect(refused.statusCode).toBe(422);
  });

  it('pages through one order: page 2 holds the 16th learner on, summed alike; a page past the end is empty', async () => {
    const tag = `page${kind}`;
    const learners = [];
    for (let index = 0; index < 17; index += 1) {
      learners.push((await createUser(t.db, { name: `${tag} ${String(index).padStart(2, '0')}` })).user);
    }
    const [first, second] = learners;
    await grantCredits(t.db, {
      userId: first?.id ?? 0,
      credits: 5,
      expiresAt: new Date(Date.now() + 86_400_000),
      source: 'grant',
      reason: 'grant',
    });
    const list = async (query: string) =>
      studentPageResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin-user-list?q=${tag}&${query}`,
            headers: t.admin,
          })
        ).json(),
      ).data;

    const newest = await list('page=2');
    expect(newest).toMatchObject({ current_page: 2, total: 17, last_page: 2 });
    expect(newest.data.map((row) => [row.id, row.balance])).toEqual([
      [second?.id, 0],
      [first?.id, 5],
    ]);
    expect((await list('page=1')).data.map((row) => row.id)).toEqual(
      learners
        .slice(2)
        .reverse()
        .map((user) => user.id),
    );
    expect((await list('sort=name&page=2')).data.map((row) => row.id)).toEqual(
      learners.slice(15).map((user) => user.id),
    );
    expect(await list('page=3')).toMatchObject({ current_page: 3, total: 17, last_page: 2, data: [] });
  });

  it('finds learners, classes and payments from the top bar', async () => {
    const learner = (await createUser(t.db, { name: `Quentin Searchable ${kind}` })).user;
    const schedule = await createSchedule(t.db, { title: `Searchable Idioms ${kind}` });
    const plan = await createTokenPlan(t.db);
    const [payment] = await t.db
      .insert(payments)
      .values({
        userId: learner.id,
        tokenPlanId: plan.id,
        provider: 'demo',
        providerRef: `pi_search_${kind}`,
        amount: 2800,
        numberToken: 4,
        status: 'succeeded',
      })
      .returning();
    const search = async (q: string) =>
      adminSearchResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin-search?q=${encodeURIComponent(q)}`,
            headers: t.admin,
          })
        ).json(),
      ).data;

    const found = await search('searchable');
    expect(found.students).toEqual([{ id: learner.id, name: learner.name, email: learner.email }]);
    expect(found.classes.map((row) => row.id)).toEqual([schedule.id]);
    expect(found.payments.map((row) => row.id)).toEqual([payment?.id]);
    expect((await search(`#${payment?.id}`)).payments[0]?.id).toBe(payment?.id);
    expect(await search('nothing-like-this')).toEqual({ students: [], classes: [], payments: [] });
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin-search?q=', headers: t.admin });
    expect(empty.statusCode).toBe(422);
  });
});

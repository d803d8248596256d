import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { dashboardResponseSchema } from '@tokenly/contract/dashboard';
import { adminPaymentPageResponseSchema } from '@tokenly/contract/payments';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { payments } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { createSchedule, createTeacher, createTokenPlan, createUser } from '../../db/seed/factories';
import { toLocalDateTime } from '../../lib/time-zone';
import { RESPONSE_CACHE_WINDOW_MS } from '../../plugins/response-cache';
import { expectAdminOnly } from '../../test/admin-guard';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { demoPaymentMethod, newMembership, subscribe } from '../checkout/checkout-test-kit';
import { isoDate } from '../series/series-rule';
import { currentPeriods } from './dashboard-service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * `now`, or an hour after the end of this week or month when one of them is less than an hour away: the
 * test puts classes just after now and in the week's last minute, which needs room on both sides.
 */
function clearOfPeriodEnds(now: number, timeZone: string): number {
  const { week, month } = currentPeriods(new Date(now), timeZone);
  const nearestEnd = Math.min(week.to.getTime(), month.to.getTime());
  return nearestEnd - now < HOUR_MS ? nearestEnd + HOUR_MS : now;
}

describe('dashboard periods', () => {
  it('runs the week Monday to Sunday and the month by the calendar, in the school zone', () => {
    // Sunday 2026-03-01 23:30 in New York is already Monday 2 March in UTC.
    const now = new Date('2026-03-02T04:30:00Z');
    expect(currentPeriods(now, 'America/New_York')).toEqual({
      week: { from: new Date('2026-02-23T05:00:00Z'), to: new Date('2026-03-02T05:00:00Z') },
      month: { from: new Date('2026-03-01T05:00:00Z'), to: new Date('2026-04-01T04:00:00Z') },
    });
    expect(currentPeriods(now, 'UTC')).toEqual({
      week: { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-09T00:00:00Z') },
      month: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') },
    });
    expect(currentPeriods(new Date('2026-12-31T12:00:00Z'), 'UTC').month.to).toEqual(
      new Date('2027-01-01T00:00:00Z'),
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('admin dashboard on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let learnerToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    learnerToken = (await signedInUser(t.app, t.db)).token;
  });
  afterAll(() => t.close());

  const dashboard = async (headers: { authorization: string }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin-dashboard', headers });
    expect(response.statusCode).toBe(200);
    return dashboardResponseSchema.parse(response.json()).data;
  };

  it('is for admins only', async () => {
    await expectAdminOnly(t, learnerToken, [{ method: 'GET', url: '/api/admin-dashboard' }]);
  });

  it('counts from the data and lists the next ten classes', async () => {
    const now = clearOfPeriodEnds(clock.now(), t.config.timezone);
    // The app's clock stays there, so the request sees the same week and month as the data below,
    // however long the test takes.
    await clock.setTime(now);
    const { week, month } = currentPeriods(new Date(now), t.config.timezone);
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const { user } = await createUser(t.db);
    // Classes inside this week whichever weekday today is: just after now and in the week's last minute.
    // "Active Teachers" counts teacher accounts not disabled, with classes or not.
    const emma = (await createTeacher(t.db, { name: 'Emma Clarke' })).user.id;
    const james = (await createTeacher(t.db, { name: 'James Patel' })).user.id;
    await createTeacher(t.db, { disabledAt: new Date(now) });
    const soon = await createSchedule(t.db, { startsAt: new Date(now + 60_000), teacherId: emma });
    const weekEnd = await createSchedule(t.db, {
      startsAt: new Date(week.to.getTime() - 60_000),
      teacherId: james,
    });
    const nextWeek = await createSchedule(t.db, {
      startsAt: new Date(week.to.getTime() + HOUR_MS),
      teacherId: emma,
    });
    await createSchedule(t.db, { startsAt: new Date(now - HOUR_MS) });
    await createSchedule(t.db, {
      startsAt: new Date(now + 2 * HOUR_MS),
      status: 'cancelled',
    });
    for (let index = 0; index < 10; index += 1) {
      await createSchedule(t.db, {
        startsAt: new Date(week.to.getTime() + (index + 2) * 24 * HOUR_MS),
      });
    }
    await t.db.insert(bookings).values([
      { userId: user.id, scheduleId: soon.id, credits: 1 },
      { userId: user.id, scheduleId: weekEnd.id, credits: 1 },
      { userId: user.id, scheduleId: nextWeek.id, credits: 1 },
      { userId: user.id, scheduleId: weekEnd.id, credits: 1, status: 'cancelled' },
    ]);

    const plan = await createTokenPlan(t.db, { amount: 2800 });
    const monthly = await createTokenPlan(t.db, { amount: 4700, kind: 'membership', intervalMonths: 1 });
    const payment = (ref: string, amount: number, status: 'succeeded' | 'failed', createdAt: Date) => ({
      userId: user.id,
      tokenPlanId: plan.id,
      provider: 'demo' as const,
      providerRef: `${kind}_${ref}`,
      amount,
      numberToken: 4,
      status,
      createdAt,
    });
    await t.db
      .insert(payments)
      .values([
        payment('a', 2800, 'succeeded', month.from),
        payment('b', 5050, 'succeeded', new Date(now)),
        payment('c', 9900, 'failed', new Date(now)),
        payment('d', 7000, 'succeeded', new Date(month.from.getTime() - 1000)),
      ]);
    const subscription = (ref: string, status: 'active' | 'canceled', cancelAtPeriodEnd = false) => ({
      userId: user.id,
      tokenPlanId: monthly.id,
      provider: 'demo' as const,
      providerRef: `${kind}_${ref}`,
      status,
      amount: monthly.amount,
      cancelAtPeriodEnd,
    });
    await t.db
      .insert(subscriptions)
      .values([
        subscription('s1', 'active'),
        subscription('s2', 'active'),
        subscription('s3', 'active', true),
        subscription('s4', 'canceled'),
      ]);

    const data = await dashboard(admin);
    expect(data).toMatchObject({
      // The learner signed in by beforeAll and the one made here.
      total_users: 2,
      active_teachers: 2,
      bookings_this_week: 2,
      token_sales: 78.5,
      upcoming_sales: 94,
    });
    expect(data.upcoming_classes).toHaveLength(10);
    expect(data.upcoming_classes[0]).toEqual({
      id: soon.id,
      title: soon.title,
      course_title: 'Core Flex',
      starts_at: soon.startsAt.toISOString(),
      teacher_name: 'Emma Clarke',
      seats_taken: 0,
      no_of_users: 8,
    });
  });

  it("shows this month's sales net of refunds, as the payment list's net for the month", async () => {
    await clock.setTime(clearOfPeriodEnds(clock.now(), t.config.timezone));
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const { month } = currentPeriods(new Date(clock.now()), t.config.timezone);
    const monthDays = new URLSearchParams({
      from: isoDate(toLocalDateTime(month.from, t.config.timezone)),
      to: isoDate(toLocalDateTime(new Date(month.to.getTime() - 1), t.config.timezone)),
    });
    const listedNet = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/get-payment-list?page=1&${monthDays}`,
        headers: admin,
      });
      return adminPaymentPageResponseSchema.parse(response.json()).data.totals.net;
    };
    const before = (await dashboard(admin)).token_sales;
    expect(before).toBe(await listedNet());

    const { user } = await createUser(t.db);
    const plan = await createTokenPlan(t.db, { amount: 5000 });
    const paid = (ref: string, status: 'succeeded' | 'refunded', amountRefunded: number) => ({
      userId: user.id,
      tokenPlanId: plan.id,
      provider: 'demo' as const,
      providerRef: `${kind}_net_${ref}`,
      amount: 5000,
      numberToken: 8,
      status,
      amountRefunded,
      createdAt: month.from,
    });
    // Whole, partly refunded (the status stays succeeded), and fully refunded.
    await t.db
      .insert(payments)
      .values([
        paid('whole', 'succeeded', 0),
        paid('part', 'succeeded', 1250),
        paid('all', 'refunded', 5000),
      ]);
    // Written past the API, as another process would: the dashboard shows it from the next window.
    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);

    const after = (await dashboard(admin)).token_sales;
    expect(after).toBeCloseTo(before + 50 + 37.5, 2);
    expect(after).toBe(await listedNet());
  });

  it('adds up the prices subscriptions were sold at, whatever the plan costs now', async () => {
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const upcomingSales = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin-dashboard', headers: admin });
      return dashboardResponseSchema.parse(response.json()).data.upcoming_sales;
    };
    const before = await upcomingSales();
    const learner = await signedInUser(t.app, t.db);
    const plan = await newMembership(t.db);
    const card = await demoPaymentMethod(t.app, learner.token, DEMO_CARDS.succeeds);
    expect((await subscribe(t.app, learner.token, plan, card)).statusCode).toBe(200);
    expect(await upcomingSales()).toBe(before + 47);

    const repriced = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-user-token/${plan.id}`,
      headers: admin,
      payload: { token_title: plan.tokenTitle, token_credit: 8, token_expiry: 30, amount: 60 },
    });
    expect(repriced.statusCode).toBe(200);
    expect(await upcomingSales()).toBe(before + 47);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, learner.user.id));
    expect(row?.amount).toBe(4700);
  });
});

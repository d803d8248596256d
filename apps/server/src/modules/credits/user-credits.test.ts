import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { PAGE_SIZE } from '@tokenly/contract/common';
import { userCreditHistoryResponseSchema, userCreditsResponseSchema } from '@tokenly/contract/credits';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule, createTokenPlan, createUser } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import {
  call,
  demoPaymentMethod,
  newMembership,
  payByDemoCard,
  recordOneTime,
  subscribe,
} from '../checkout/checkout-test-kit';
import { grantCredits } from './credit-service';

// The learner's own credits page, lot by lot, and the full history of movements.

const DAY = 24 * 60 * 60 * 1000;

describe.each(PARITY_DATABASE_KINDS)('the learner credits calls on %s', (kind) => {
  // Still unless a test moves it: days left and what counts as expired follow this clock.
  const clock = new TestClock();
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    admin = (await signedInUser(t.app, t.db, 'admin')).token;
  });
  afterAll(() => t.close());

  const credits = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user-credits', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return userCreditsResponseSchema.parse(response.json()).data;
  };
  const history = async (token: string, page = 1) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user-credit-history?page=${page}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return userCreditHistoryResponseSchema.parse(response.json()).data;
  };

  it('lists every lot with its source, and every movement with its class, plan or reason', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const pack = await createTokenPlan(t.db, { tokenTitle: 'Package 2', tokenCredit: 8, tokenExpiry: 60 });
    const paid = await payByDemoCard(t.app, token, pack);
    expect((await recordOneTime(t.app, token, pack, paid.paymentId)).statusCode).toBe(200);

    const membership = await newMembership(t.db);
    const started = await subscribe(
      t.app,
      token,
      membership,
      await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds),
    );
    expect(started.json().status).toBe('success');

    const grant = await call(t.app, admin, 'POST', `admin-user-credits/${user.id}`, {
      delta: 3,
      reason: 'Sorry for the noisy class',
    });
    expect(grant.statusCode).toBe(200);

    const schedule = await createSchedule(t.db, { title: 'Small talk at work', numberToken: 2 });
    const booked = await call(t.app, token, 'POST', 'book-class', { schedule_id: schedule.id });
    expect(booked.statusCode).toBe(200);
    const cancelled = await call(t.app, token, 'POST', `cancel-booking/${booked.json().data.id}`);
    expect(cancelled.statusCode).toBe(200);

    const mine = await credits(token);
    expect(mine.balance).toBe(8 + membership.tokenCredit + 3);
    expect(mine.lots.map((lot) => lot.source).sort()).toEqual(['grant', 'purchase', 'subscription']);
    const purchase = mine.lots.find((lot) => lot.source === 'purchase');
    expect(purchase).toMatchObject({
      plan_title: 'Package 2',
      credits_total: 8,
      credits_remaining: 8,
      period_start: null,
    });
    const period = mine.lots.find((lot) => lot.source === 'subscription');
    expect(period?.plan_title).toBe(membership.tokenTitle);
    expect(period?.period_start).not.toBeNull();
    expect(period?.period_end).not.toBeNull();
    expect(mine.lots.find((lot) => lot.source === 'grant')).toMatchObject({
      plan_title: null,
      credits_total: 3,
    });
    // The one expiring first first, as bookings draw from it.
    const expiries = mine.lots.map((lot) => lot.expires_at);
    expect(expiries).toEqual([...expiries].sort());
    expect(mine.next_expiry?.expires_at).toBe(expiries[0]);

    const { data: moves } = await history(token);
    expect(moves.map((move) => [move.reason, move.delta])).toEqual([
      ['refund', 2],
      ['booking', -2],
      ['adjustment', 3],
      ['subscription', membership.tokenCredit],
      ['purchase', 8],
    ]);
    expect(moves[0]).toMatchObject({
      class_title: 'Small talk at work',
      class_time: schedule.startsAt.toISOString(),
    });
    expect(moves[1]?.class_title).toBe('Small talk at work');
    // The administrator's reason is the school's own; the learner reads the neutral line.
    expect(moves[2]).toMatchObject({
      note: null,
      class_title: null,
      plan_title: null,
    });
    expect(moves[3]?.plan_title).toBe(membership.tokenTitle);
    expect(moves[4]?.plan_title).toBe('Package 2');
  });

  it('counts days left on the clock, and leaves an expired lot out of the lots but not the history', async () => {
    const { user, password } = await createUser(t.db);
    // Remembered (30 days): a 12-hour session would end on the app's clock as it moves four days on.
    const remembered = { email: user.email, password, remember: true };
    const token = await signIn(t.app, remembered);
    const start = clock.now();
    for (const days of [3, 20]) {
      await grantCredits(t.db, {
        userId: user.id,
        credits: days,
        expiresAt: new Date(start + days * DAY),
        source: 'grant',
        reason: 'grant',
      });
    }
    expect((await credits(token)).lots.map((lot) => lot.days_left)).toEqual([3, 20]);

    await clock.setTime(start + 2.5 * DAY);
    try {
      const soon = await credits(token);
      // Half a day left still counts as a day: the page shows "1 day left", not "0".
      expect(soon.lots.map((lot) => lot.days_left)).toEqual([1, 18]);
      expect(soon.next_expiry).toEqual({ credits: 3, expires_at: new Date(start + 3 * DAY).toISOString() });

      await clock.setTime(start + 4 * DAY);
      const later = await credits(token);
      expect(later.balance).toBe(20);
      expect(later.lots.map((lot) => lot.credits_total)).toEqual([20]);
      expect((await history(token)).total).toBe(2);
    } finally {
      await clock.setTime(start);
    }
  });

  it('pages the history 15 at a time, newest first, and shows a learner only their own', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    for (let credits = 1; credits <= PAGE_SIZE + 2; credits += 1) {
      await grantCredits(t.db, {
        userId: user.id,
        credits,
        expiresAt: new Date(clock.now() + 30 * DAY),
        source: 'grant',
        reason: 'grant',
      });
    }
    const first = await history(token, 1);
    expect(first).toMatchObject({ current_page: 1, total: PAGE_SIZE + 2, last_page: 2 });
    expect(first.data.map((move) => move.delta)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, index) => PAGE_SIZE + 2 - index),
    );
    expect((await history(token, 2)).data.map((move) => move.delta)).toEqual([2, 1]);

    expect(await history(other.token)).toMatchObject({ total: 0, data: [] });
    expect(await credits(other.token)).toEqual({ balance: 0, next_expiry: null, lots: [] });
  });

  it('is for learners only', async () => {
    for (const url of ['/api/user-credits', '/api/user-credit-history']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode).toBe(403);
    }
  });
});

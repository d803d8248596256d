import { bookedSchedulesResponseSchema, bookingPreviewResponseSchema } from '@tokenly/contract/bookings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';

// Booking knowingly: the confirmation's figures come from the server, and a class the
// learner holds is known as booked.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

describe.each(TEST_DATABASE_KINDS)('booking preview on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { cancelWindowHours: 24 });
  });
  afterAll(() => t.close());

  async function learnerWithLots(lots: { credits: number; days: number }[]) {
    const signed = await signedInUser(t.app, t.db);
    for (const lot of lots) {
      await grantCredits(t.db, {
        userId: signed.user.id,
        credits: lot.credits,
        expiresAt: new Date(Date.now() + lot.days * DAY),
        source: 'grant',
        reason: 'grant',
      });
    }
    return signed;
  }
  const preview = async (token: string, id: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/book-class-preview/${id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return bookingPreviewResponseSchema.parse(response.json()).data;
  };
  const book = (token: string, id: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      headers: bearer(token),
      payload: { schedule_id: id },
    });

  it('shows the cost, the balance after and the lots expiring first, and takes nothing', async () => {
    const { token } = await learnerWithLots([
      { credits: 5, days: 60 },
      { credits: 1, days: 10 },
    ]);
    const schedule = await createSchedule(t.db, {
      title: 'Job interviews',
      numberToken: 2,
      startsAt: inHours(72),
    });
    const first = await preview(token, schedule.id);
    expect(first).toMatchObject({
      schedule_id: schedule.id,
      title: 'Job interviews',
      credits: 2,
      balance: 6,
      balance_after: 4,
      cancel_window_hours: 24,
      cancel_until: new Date(schedule.startsAt.getTime() - DAY).toISOString(),
      free_cancellation: true,
      already_booked: false,
    });
    // One credit from the lot expiring in 10 days, the other from the 60-day lot.
    expect(first.uses.map((use) => use.credits)).toEqual([1, 1]);
    expect(first.uses[0]?.expires_at).toBeDefined();
    expect(first.uses[0]?.expires_at.localeCompare(first.uses[1]?.expires_at ?? '')).toBe(-1);
    expect(await preview(token, schedule.id)).toEqual(first);
  });

  it('warns inside the free-cancellation window and shows a short balance as negative', async () => {
    const { token } = await learnerWithLots([{ credits: 1, days: 30 }]);
    const soon = await createSchedule(t.db, { numberToken: 1, startsAt: inHours(20) });
    expect(await preview(token, soon.id)).toMatchObject({ free_cancellation: false, balance_after: 0 });
    const pricey = await createSchedule(t.db, { numberToken: 3, startsAt: inHours(48) });
    expect(await preview(token, pricey.id)).toMatchObject({
      balance: 1,
      balance_after: -2,
      free_cancellation: true,
    });
  });

  it('knows the classes the learner holds; booking again is refused as already booked, not as no credit', async () => {
    const { token } = await learnerWithLots([{ credits: 1, days: 30 }]);
    const schedule = await createSchedule(t.db, { numberToken: 1, startsAt: inHours(48) });
    const other = await createSchedule(t.db, { numberToken: 1, startsAt: inHours(50) });
    expect((await book(token, schedule.id)).statusCode).toBe(200);

    const held = await t.app.inject({
      method: 'GET',
      url: '/api/user-booked-schedules',
      headers: bearer(token),
    });
    expect(bookedSchedulesResponseSchema.parse(held.json()).data.map((row) => row.schedule_id)).toEqual([
      schedule.id,
    ]);
    expect(await preview(token, schedule.id)).toMatchObject({ already_booked: true, balance: 0 });
    expect((await preview(token, other.id)).already_booked).toBe(false);

    // The balance is now 0, yet the reason given is the real one.
    const again = await book(token, schedule.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already booked this class.');
    const short = await book(token, other.id);
    expect(short.json().message).toBe('You do not have credit. Please purchase credit.');
  });

  it('answers 404 for an unknown class and is for learners only', async () => {
    const { token } = await learnerWithLots([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/book-class-preview/999999', headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    const admin = await signedInUser(t.app, t.db, 'admin');
    for (const url of ['/api/book-class-preview/1', '/api/user-booked-schedules']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).statusCode).toBe(403);
    }
  });
});

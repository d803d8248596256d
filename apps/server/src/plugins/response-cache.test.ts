import { gunzipSync } from 'node:zlib';
import { calendarClassListResponseSchema } from '@tokenly/contract/bookings';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../db/schema/schedules';
import { createCourse, createSchedule } from '../db/seed/factories';
import { grantCredits } from '../modules/credits/credit-service';
import { bearer, createTestApp, signedInUser, type TestApp } from '../test/test-app';
import { TEST_DATABASE_KINDS } from '../test/test-database';
import { RESPONSE_CACHE_WINDOW_MS } from './response-cache';

const DAY = 24 * 60 * 60 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);

// The calendar's weeks and the admin lists are answered from memory, never older than this
// process's last write, and another process's write is seen within one window of the app's clock.
describe.each(TEST_DATABASE_KINDS)('cached reads on %s', (kind) => {
  const clock = new TestClock(Date.now());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  const calendarUrl = (startsAt: Date) =>
    `/api/calendar-schedules?from=${day(startsAt)}&to=${day(startsAt)}&tz=UTC`;
  const seatsLeft = async (url: string, id: number) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    return calendarClassListResponseSchema.parse(answer.json()).data.find((c) => c.id === id)?.seats_left;
  };

  it('answers again from memory until this process writes or the window ends', async () => {
    const startsAt = new Date(Date.now() + 20 * DAY);
    const course = await createCourse(t.db, { numberToken: 1 });
    const schedule = await createSchedule(t.db, { courseId: course.id, noOfUsers: 6, startsAt });
    const url = calendarUrl(startsAt);
    expect(await seatsLeft(url, schedule.id)).toBe(6);

    // Another process takes two seats: not seen until the window ends.
    await t.db.update(schedules).set({ seatsTaken: 2 }).where(eq(schedules.id, schedule.id));
    expect(await seatsLeft(url, schedule.id)).toBe(6);
    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);
    expect(await seatsLeft(url, schedule.id)).toBe(4);

    // A refused write changed nothing and keeps the answers; another process's seat is still unseen.
    await t.db.update(schedules).set({ seatsTaken: 3 }).where(eq(schedules.id, schedule.id));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      payload: { schedule_id: 1 },
    });
    expect(refused.statusCode).toBe(401);
    expect(await seatsLeft(url, schedule.id)).toBe(4);

    // A booking through this process is seen by the very next read.
    const { user, token } = await signedInUser(t.app, t.db);
    await grantCredits(t.db, {
      userId: user.id,
      credits: 1,
      expiresAt: new Date(Date.now() + 400 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      headers: bearer(token),
      payload: { schedule_id: schedule.id },
    });
    expect(booked.statusCode).toBe(200);
    expect(await seatsLeft(url, schedule.id)).toBe(2);
  });

  it('sends a large answer gzipped to a client that accepts it, the same JSON, from memory or not', async () => {
    const startsAt = new Date(Date.now() + 30 * DAY);
    const course = await createCourse(t.db, { description: 'A long description. '.repeat(10) });
    for (let i = 0; i < 5; i += 1) {
      await createSchedule(t.db, {
        courseId: course.id,
        startsAt: new Date(startsAt.getTime() + i * 60_000),
      });
    }
    const url = calendarUrl(startsAt);
    const gzipped = () => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    const first = await gzipped();
    const again = await gzipped();
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(calendarClassListResponseSchema.parse(plain.json()).data).toHaveLength(5);
    for (const answer of [first, again]) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(gunzipSync(answer.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('checks who asks before answering from memory', async () => {
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const learner = bearer((await signedInUser(t.app, t.db)).token);
    const url = '/api/admin-course-schedule?page=1';
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: learner })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

import {
  bookedSchedulesResponseSchema,
  type UserBooking,
  userBookingPageResponseSchema,
} from '@tokenly/contract/bookings';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createSchedule } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';

// The learner's booking list by class time: the Upcoming, Past and Cancelled tabs, and older clients that
// send no `when`. "Now" is the test clock's, read by the service, not the database's.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(PARITY_DATABASE_KINDS)("the learner's booking list on %s", (kind) => {
  const clock = new TestClock('2031-03-04T12:00:00Z');
  let t: TestApp;
  let learner: Awaited<ReturnType<typeof signedInUser>>;
  const titles = new Map<string, number>();

  const at = (offsetMs: number) => new Date(clock.now() + offsetMs);

  /** A class of `title` starting `offsetMs` from now (50 minutes long), booked by the learner. */
  async function booked(title: string, offsetMs: number, status: 'booked' | 'cancelled' = 'booked') {
    const schedule = await createSchedule(t.db, { title, startsAt: at(offsetMs), durationMin: 50 });
    const booking = await createBooking(t.db, schedule, {
      userId: learner.user.id,
      status,
      // Booked in the order the test lists them, not in class order.
      createdAt: at(-30 * DAY + titles.size * MINUTE),
      ...(status === 'cancelled' && { cancelledAt: at(-DAY) }),
    });
    titles.set(title, booking.id);
  }

  async function list(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user-course-schedule${query}`,
      headers: bearer(learner.token),
    });
    expect(response.statusCode).toBe(200);
    return userBookingPageResponseSchema.parse(response.json()).data;
  }
  const titlesOf = (rows: UserBooking[]) => rows.map((row) => row.schedule.title);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    learner = await signedInUser(t.app, t.db);
    // Booked far ahead first, the class about to start last: the list must not follow booking order.
    await booked('Next month', 30 * DAY);
    await booked('Tomorrow', DAY);
    await booked('Cancelled next week', 7 * DAY, 'cancelled');
    await booked('Last week', -7 * DAY);
    await booked('Yesterday', -DAY);
    await booked('In four minutes', 4 * MINUTE);
    // Started 10 minutes ago and runs 50: still upcoming, its join link is what the learner needs now.
    await booked('Running now', -10 * MINUTE);
    await booked('Cancelled last week', -7 * DAY, 'cancelled');
    // Someone else's booking never shows.
    const other = await signedInUser(t.app, t.db);
    await createBooking(t.db, await createSchedule(t.db, { title: 'Not mine', startsAt: at(DAY) }), {
      userId: other.user.id,
    });
  });
  afterAll(() => t.close());

  it('Upcoming: active bookings of classes not yet ended, soonest first', async () => {
    const page = await list('?when=upcoming');
    expect(titlesOf(page.data)).toEqual(['Running now', 'In four minutes', 'Tomorrow', 'Next month']);
    expect(page.total).toBe(4);
    expect(page.data.every((row) => row.status === 'booked')).toBe(true);
  });

  it('Past: active bookings of classes that have ended, latest first', async () => {
    const page = await list('?when=past');
    expect(titlesOf(page.data)).toEqual(['Yesterday', 'Last week']);
    expect(page.data.every((row) => !row.cancellable)).toBe(true);
  });

  it('Cancelled: cancelled bookings, latest class first', async () => {
    const page = await list('?when=cancelled');
    expect(titlesOf(page.data)).toEqual(['Cancelled next week', 'Cancelled last week']);
    expect(page.data.every((row) => row.status === 'cancelled')).toBe(true);
  });

  it('follows the clock: a class that ends moves from Upcoming to Past', async () => {
    await clock.setTime(at(45 * MINUTE));
    try {
      expect(titlesOf((await list('?when=upcoming')).data)).toEqual([
        'In four minutes',
        'Tomorrow',
        'Next month',
      ]);
      expect(titlesOf((await list('?when=past')).data)[0]).toBe('Running now');
    } finally {
      await clock.setTime(at(-45 * MINUTE));
    }
  });

  it('keeps older clients working: no `when` lists every booking, and scope=upcoming is Upcoming', async () => {
    const all = await list('');
    expect(all.total).toBe(8);
    expect(titlesOf(all.data)).toEqual([
      'Next month',
      'Cancelled next week',
      'Tomorrow',
      'In four minutes',
      'Running now',
      'Yesterday',
      // Two classes at the same instant: the newer booking first.
      'Cancelled last week',
      'Last week',
    ]);
    expect(titlesOf((await list('?scope=upcoming')).data)).toEqual(
      titlesOf((await list('?when=upcoming')).data),
    );
    // `when` wins over the older parameter.
    expect(titlesOf((await list('?scope=upcoming&when=past')).data)).toEqual(['Yesterday', 'Last week']);
  });

  it('pages each tab, the total counted past the last page too', async () => {
    for (let i = 0; i < 15; i += 1) await booked(`Later ${i}`, 40 * DAY + i * HOUR);
    const first = await list('?when=upcoming');
    expect(first).toMatchObject({ total: 19, last_page: 2, current_page: 1 });
    expect(first.data).toHaveLength(15);
    const second = await list('?when=upcoming&page=2');
    expect(titlesOf(second.data)).toEqual(['Later 11', 'Later 12', 'Later 13', 'Later 14']);
    expect((await list('?when=upcoming&page=3')).total).toBe(19);
  });

  it('says which bookings were made inside the free-cancellation window (24 hours by default)', async () => {
    const late = await createSchedule(t.db, { title: 'Booked late', startsAt: at(3 * HOUR) });
    await createBooking(t.db, late, { userId: learner.user.id, createdAt: at(-HOUR) });
    const page = await list('?when=upcoming');
    const inside = page.data.filter((row) => row.booked_inside_window).map((row) => row.schedule.title);
    // The others were booked a month ahead: their free cancellation ended after they were made.
    expect(inside).toEqual(['Booked late']);
    const held = bookedSchedulesResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user-booked-schedules',
          headers: bearer(learner.token),
        })
      ).json(),
    ).data;
    expect(held.filter((row) => row.booked_inside_window).map((row) => row.schedule_id)).toEqual([late.id]);
  });

  it('refuses an unknown tab', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user-course-schedule?when=soon',
      headers: bearer(learner.token),
    });
    expect(response.statusCode).toBe(422);
  });
});

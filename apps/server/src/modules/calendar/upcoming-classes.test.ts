import { calendarClassListResponseSchema } from '@tokenly/contract/bookings';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedule } from '../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The home banner's classes, asked for without days so the page's HTML can request them.
describe.each(TEST_DATABASE_KINDS)('the next classes for the home banner on %s', (kind) => {
  // Years ahead of any class another test of this database made with the wall clock.
  const clock = new TestClock(Date.parse('2041-03-04T10:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  const upcoming = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/upcoming-classes' });
    expect(answer.statusCode).toBe(200);
    return calendarClassListResponseSchema.parse(answer.json()).data;
  };
  const at = (offset: number) => new Date(clock.now() + offset);

  it('gives the three scheduled classes that start next within two weeks, soonest first', async () => {
    await createSchedule(t.db, { title: 'Started', startsAt: at(-HOUR) });
    await createSchedule(t.db, { title: 'Cancelled', startsAt: at(HOUR), status: 'cancelled' });
    const third = await createSchedule(t.db, { title: 'Tomorrow', startsAt: at(DAY) });
    const first = await createSchedule(t.db, { title: 'Soon', startsAt: at(2 * HOUR), noOfUsers: 6 });
    const second = await createSchedule(t.db, { title: 'Later today', startsAt: at(3 * HOUR) });
    await createSchedule(t.db, { title: 'The day after', startsAt: at(2 * DAY) });

    const classes = await upcoming();
    expect(classes.map((c) => c.id)).toEqual([first.id, second.id, third.id]);
    expect(classes[0]).toMatchObject({
      title: 'Soon',
      starts_at: first.startsAt.toISOString(),
      seats_left: 6,
      bookable: true,
    });
  });

  it('leaves out what starts more than two weeks ahead, and follows the clock', async () => {
    await clock.setTime(Date.parse('2042-06-01T08:00:00Z'));
    await createSchedule(t.db, { title: 'Too far', startsAt: at(15 * DAY) });
    const only = await createSchedule(t.db, { title: 'Next week', startsAt: at(7 * DAY) });
    expect((await upcoming()).map((c) => c.id)).toEqual([only.id]);

    await clock.setTime(clock.now() + 8 * DAY);
    expect((await upcoming()).map((c) => c.title)).toEqual(['Too far']);
  });
});

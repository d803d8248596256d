import { schedulePageResponseSchema } from '@tokenly/contract/schedules';
import {
  bookSeriesResponseSchema,
  classSeriesCreatedResponseSchema,
  seriesBookingPreviewResponseSchema,
} from '@tokenly/contract/series';
import { asc, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubPasses } from '../../db/schema/club-passes';
import { schedules } from '../../db/schema/schedules';
import {
  createCourse,
  createSchedule,
  createSeries,
  createTeacher,
  createUser,
} from '../../db/seed/factories';
import { nowOf } from '../../lib/clock';
import { parseLocalDate } from '../../lib/time-zone';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { schoolWeekOf } from '../club-pass/club-pass-service';
import { getBalance, grantCredits } from '../credits/credit-service';
import { occurrencesOf } from './series-rule';

// Weekly series keep their wall-clock time across DST changes, "this and following" edits and
// cancellations (refunded as single cancels), extension, and booking the rest of a series.

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('the weekly rule', () => {
  it('keeps 18:00 London time on both sides of the spring and autumn changes', () => {
    const rule = { weekdays: [1], startTime: '18:00', timeZone: 'Europe/London' };
    const spring = occurrencesOf(rule, parseLocalDate('2027-03-15'), parseLocalDate('2027-04-04'));
    expect(spring.map((d) => d.toISOString())).toEqual([
      '2027-03-15T18:00:00.000Z',
      '2027-03-22T18:00:00.000Z',
      // 2027-03-28: clocks go forward; 18:00 BST is 17:00 UTC.
      '2027-03-29T17:00:00.000Z',
    ]);
    const autumn = occurrencesOf(
      { ...rule, weekdays: [0, 1] },
      parseLocalDate('2027-10-24'),
      parseLocalDate('2027-11-01'),
    );
    expect(autumn.map((d) => d.toISOString())).toEqual([
      '2027-10-24T17:00:00.000Z',
      '2027-10-25T17:00:00.000Z',
      // 2027-10-31 (a Sunday): clocks go back at 02:00, so that evening is GMT already.
      '2027-10-31T18:00:00.000Z',
      '2027-11-01T18:00:00.000Z',
    ]);
  });
});

describe.each(TEST_DATABASE_KINDS)('weekly series on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { timezone: 'Europe/London' }, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  const send = (headers: object, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: headers as Record<string, string>, payload });

  async function learner(credits: number) {
    const { user, password } = await createUser(t.db);
    if (credits > 0) {
      await grantCredits(t.db, {
        userId: user.id,
        credits,
        expiresAt: new Date(Date.now() + 400 * DAY),
        source: 'grant',
        reason: 'grant',
      });
    }
    return { id: user.id, headers: bearer(await signIn(t.app, { email: user.email, password })) };
  }

  const classesOf = (seriesId: number) =>
    t.db.select().from(schedules).where(eq(schedules.seriesId, seriesId)).orderBy(asc(schedules.startsAt));

  it('creates a Monday 18:00 London series across the 2027-03-28 change, lists and extends it', async () => {
    const course = await createCourse(t.db, { numberToken: 2 });
    const created = await send(admin, 'POST', 'admin-class-series', {
      course_id: course.id,
      title: 'Monday Conversation',
      no_of_users: 6,
      weekdays: [1],
      start_time: '18:00',
      first_date: '2027-03-15',
      weeks: 3,
      teacher_id: (await createTeacher(t.db, { name: 'Emma Clarke' })).user.id,
      meeting_link: 'https://meet.example.com/monday',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { data } = classSeriesCreatedResponseSchema.parse(created.json());
    expect(data).toMatchObject({
      created: 3,
      end_date: '2027-04-04',
      time_zone: 'Europe/London',
      upcoming: 3,
    });
    const classes = await classesOf(data.id);
    expect(classes.map((row) => row.startsAt.toISOString())).toEqual([
      '2027-03-15T18:00:00.000Z',
      '2027-03-22T18:00:00.000Z',
      '2027-03-29T17:00:00.000Z',
    ]);
    expect(classes.every((row) => row.numberToken === 2 && row.noOfUsers === 6)).toBe(true);

    // The list filters by series and by the school's days, and marks the series.
    const listed = await send(admin, 'GET', `admin-course-schedule?series_id=${data.id}&from=2027-03-20`);
    const page = schedulePageResponseSchema.parse(listed.json()).data;
    expect(page.data.map((row) => row.schedule_time)).toEqual([
      '2027-03-22T18:00:00.000Z',
      '2027-03-29T17:00:00.000Z',
    ]);
    expect(page.data.every((row) => row.series_id === data.id)).toBe(true);
    const byType = await send(admin, 'GET', `admin-course-schedule?course_id=${course.id}&to=2027-03-15`);
    expect(schedulePageResponseSchema.parse(byType.json()).data.total).toBe(1);

    const extended = await send(admin, 'POST', `admin-class-series/${data.id}/extend`, { weeks: 2 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(classSeriesCreatedResponseSchema.parse(extended.json()).data).toMatchObject({
      created: 2,
      end_date: '2027-04-18',
      classes: 5,
    });
    expect((await classesOf(data.id)).slice(3).map((row) => row.startsAt.toISOString())).toEqual([
      '2027-04-05T17:00:00.000Z',
      '2027-04-12T17:00:00.000Z',
    ]);
  });

  it('refuses more than 52 weeks, a missing end, and a rule with no class to come', async () => {
    const course = await createCourse(t.db);
    const base = {
      course_id: course.id,
      title: 'Too long',
      no_of_users: 4,
      weekdays: [2],
      start_time: '09:00',
    };
    const tooLong = await send(admin, 'POST', 'admin-class-series', {
      ...base,
      first_date: isoDay(2),
      weeks: 53,
    });
    expect(tooLong.statusCode).toBe(422);
    const tooFar = await send(admin, 'POST', 'admin-class-series', {
      ...base,
      first_date: '2027-01-01',
      end_date: '2028-01-01',
    });
    expect(tooFar.json().errors.end_date).toBeDefined();
    const noEnd = await send(admin, 'POST', 'admin-class-series', { ...base, first_date: isoDay(2) });
    expect(noEnd.json().errors.weeks).toBeDefined();
    const past = await send(admin, 'POST', 'admin-class-series', {
      ...base,
      first_date: isoDay(-30),
      end_date: isoDay(-2),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.first_date).toBeDefined();
  });

  it('edits and cancels "this and following", refunding as a single cancel, lots equal to the ledger', async () => {
    const { series, classes } = await createSeries(t.db, {
      firstDate: isoDay(7),
      weeks: 4,
      weekdays: [new Date(Date.now() + 7 * DAY).getUTCDay()],
      timeZone: 'Europe/London',
      noOfUsers: 3,
    });
    const [first, second, third, fourth] = classes;
    if (!first || !second || !third || !fourth) throw new Error('four classes expected');
    const ann = await learner(5);
    const bob = await learner(5);
    for (const who of [ann, bob]) {
      for (const row of [second, third]) {
        const booked = await send(who.headers, 'POST', 'book-class', { schedule_id: row.id });
        expect(booked.statusCode, booked.body).toBe(200);
      }
    }
    const liam = (await createTeacher(t.db, { name: 'Liam Patel' })).user;
    const body = {
      course_id: second.courseId,
      title: 'Evening Conversation (new room)',
      no_of_users: 1,
      date: second.startsAt.toISOString(),
      teacher_id: liam.id,
      meeting_link: 'https://meet.example.com/new-room',
    };
    // Capacity under the two seats taken: the whole change is refused, nothing moves.
    const refused = await send(admin, 'PUT', `admin-course-schedule/${second.id}/following`, body);
    expect(refused.statusCode).toBe(422);
    expect((await classesOf(series.id)).map((row) => row.title)).toEqual(classes.map((row) => row.title));

    // 19:30 London on the second class's day: the following ones keep their own days at 19:30.
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(second.startsAt);
    const moved = await send(admin, 'PUT', `admin-course-schedule/${second.id}/following`, {
      ...body,
      no_of_users: 4,
      date: new Date(`${local}T19:30:00${londonOffset(second.startsAt)}`).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.updated).toBe(3);
    const after = await classesOf(series.id);
    expect(after[0]).toMatchObject({ title: first.title, startsAt: first.startsAt, noOfUsers: 3 });
    for (const row of after.slice(1)) {
      expect(row).toMatchObject({ title: body.title, noOfUsers: 4, teacherId: liam.id });
      expect(
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeStyle: 'short' }).format(
          row.startsAt,
        ),
      ).toBe('19:30');
    }

    const cancelled = await send(admin, 'POST', `admin-course-schedule/${third.id}/cancel-following`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toEqual({ cancelled_classes: 2, refunded_bookings: 2 });
    expect((await classesOf(series.id)).map((row) => row.status)).toEqual([
      'scheduled',
      'scheduled',
      'cancelled',
      'cancelled',
    ]);
    // Each learner keeps the second class and got the third's credit back.
    expect(await getBalance(t.db, ann.id, nowOf(clock))).toBe(4);
    expect(await getBalance(t.db, bob.id, nowOf(clock))).toBe(4);
    await expectConsistent(t.db, [ann.id, bob.id]);

    const oneOff = await createSchedule(t.db);
    const notSeries = await send(admin, 'POST', `admin-course-schedule/${oneOff.id}/cancel-following`);
    expect(notSeries.statusCode).toBe(409);

    // A class that has started is history: "this and following" cannot start from it.
    const { classes: past } = await createSeries(t.db, {
      firstDate: isoDay(-14),
      weeks: 1,
      weekdays: [new Date(Date.now() - 14 * DAY).getUTCDay()],
    });
    const started = past[0];
    if (!started) throw new Error('a past class expected');
    const late = await send(admin, 'POST', `admin-course-schedule/${started.id}/cancel-following`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already started/);
  });

  it('books the rest of a series in one step, skipping full and unaffordable classes', async () => {
    const { classes } = await createSeries(t.db, {
      firstDate: isoDay(3),
      weeks: 4,
      weekdays: [new Date(Date.now() + 3 * DAY).getUTCDay()],
      noOfUsers: 1,
      numberToken: 1,
    });
    const [first, second, third, fourth] = classes;
    if (!first || !second || !third || !fourth) throw new Error('four classes expected');
    const other = await learner(1);
    expect((await send(other.headers, 'POST', 'book-class', { schedule_id: second.id })).statusCode).toBe(
      200,
    );
    const me = await learner(2);

    const preview = await send(me.headers, 'GET', `book-series-preview/${first.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = seriesBookingPreviewResponseSchema.parse(preview.json()).data;
    expect(planned.to_book.map((row) => row.schedule_id)).toEqual([first.id, third.id]);
    expect(planned.skipped.map((row) => [row.schedule_id, row.reason])).toEqual([
      [second.id, 'full'],
      [fourth.id, 'not_enough_credits'],
    ]);
    expect(planned).toMatchObject({ total_credits: 2, balance: 2, balance_after: 0 });

    const booked = await send(me.headers, 'POST', 'book-series', { schedule_id: first.id });
    expect(booked.statusCode, booked.body).toBe(200);
    const result = bookSeriesResponseSchema.parse(booked.json());
    expect(result.data.booked.map((row) => row.schedule_id)).toEqual([first.id, third.id]);
    expect(result.data.not_booked.map((row) => [row.schedule_id, row.reason])).toEqual([
      [second.id, 'full'],
      [fourth.id, 'not_enough_credits'],
    ]);
    expect(result.data.credits_spent).toBe(2);
    expect(result.message).toBe('2 classes booked for 2 credits. 2 classes not booked.');
    expect(await getBalance(t.db, me.id, nowOf(clock))).toBe(0);

    // Each booking stays its own: cancelling one gives its credit back and leaves the other.
    const [firstBooking] = result.data.booked;
    const cancel = await send(me.headers, 'POST', `cancel-booking/${firstBooking?.booking_id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await getBalance(t.db, me.id, nowOf(clock))).toBe(1);
    // Booking again books what is now affordable and reports the rest as already booked or full.
    const again = bookSeriesResponseSchema.parse(
      (await send(me.headers, 'POST', 'book-series', { schedule_id: first.id })).json(),
    );
    expect(again.data.booked.map((row) => row.schedule_id)).toEqual([first.id]);
    expect(again.data.not_booked.map((row) => row.reason)).toEqual([
      'full',
      'already_booked',
      'not_enough_credits',
    ]);
    await expectConsistent(t.db, [me.id, other.id]);

    const oneOff = await createSchedule(t.db);
    expect((await send(me.headers, 'GET', `book-series-preview/${oneOff.id}`)).statusCode).toBe(409);
  });

  it('books a Conversation Club series with the Club pass, never credits: uncovered classes and full weeks are skipped', async () => {
    const club = await createCourse(t.db, { courseTitle: 'Conversation Club', club: true, numberToken: 1 });
    // Every day for two weeks: some school week holds more classes than the allowance (3).
    const { classes } = await createSeries(t.db, {
      courseId: club.id,
      firstDate: isoDay(3),
      weeks: 2,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      numberToken: 1,
    });
    const me = await learner(0);
    const granted = await send(admin, 'POST', `admin-user-club-pass/${me.id}/grant`, {
      days: 10,
      reason: 'Trial',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [pass] = await t.db.select().from(clubPasses).where(eq(clubPasses.userId, me.id));
    // What booking them one by one meets: the pass must cover the start, and a week holds three.
    const perWeek = new Map<number, number>();
    const expected = classes.map((row) => {
      if (!pass || row.startsAt >= pass.endsAt) return [row.id, 'needs_club_pass'];
      const week = schoolWeekOf(row.startsAt, 'Europe/London').start.getTime();
      const taken = perWeek.get(week) ?? 0;
      if (taken >= 3) return [row.id, 'club_week_full'];
      perWeek.set(week, taken + 1);
      return [row.id, 'to_book'];
    });
    const toBook = expected.filter(([, what]) => what === 'to_book').map(([id]) => id);
    const skipped = expected.filter(([, what]) => what !== 'to_book');
    expect(skipped.map(([, why]) => why)).toEqual(
      expect.arrayContaining(['needs_club_pass', 'club_week_full']),
    );

    const preview = seriesBookingPreviewResponseSchema.parse(
      (await send(me.headers, 'GET', `book-series-preview/${classes[0]?.id}`)).json(),
    ).data;
    expect(preview).toMatchObject({ club: true, total_credits: 0, balance: 0, balance_after: 0 });
    expect(preview.to_book.map((row) => [row.schedule_id, row.credits])).toEqual(toBook.map((id) => [id, 0]));
    expect(preview.skipped.map((row) => [row.schedule_id, row.reason])).toEqual(skipped);

    const booked = await send(me.headers, 'POST', 'book-series', { schedule_id: classes[0]?.id });
    expect(booked.statusCode, booked.body).toBe(200);
    const result = bookSeriesResponseSchema.parse(booked.json());
    expect(result.data.booked.map((row) => row.schedule_id)).toEqual(toBook);
    expect(result.data.not_booked.map((row) => [row.schedule_id, row.reason])).toEqual(skipped);
    expect(result.data.credits_spent).toBe(0);
    expect(result.message).toBe(
      `${toBook.length} classes booked with the Club pass. ${skipped.length} classes not booked.`,
    );
  });
});

/** The UTC offset of London at an instant, as ISO text (+00:00 or +01:00). */
function londonOffset(instant: Date): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name === 'GMT+1' ? '+01:00' : '+00:00';
}

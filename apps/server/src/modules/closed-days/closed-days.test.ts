import {
  closedDayClassesResponseSchema,
  closedDayCreatedResponseSchema,
  closedDayListResponseSchema,
  publicClosedDaysResponseSchema,
} from '@tokenly/contract/closed-days';
import { classSeriesCreatedResponseSchema } from '@tokenly/contract/series';
import { and, asc, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { createClosedDay, createCourse, createSchedule, createUser } from '../../db/seed/factories';
import { nowOf } from '../../lib/clock';
import { addDays, fromLocalDateTime, parseLocalDate, toLocalDateTime } from '../../lib/time-zone';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { getBalance, grantCredits } from '../credits/credit-service';
import { isoDate } from '../series/series-rule';

// The school's closed days: managed by administrators (and audited), named on the public timetable,
// skipped by new series and their extensions, refused for a single class unless confirmed, and closing a
// day with classes cancels them through the school's one cancel path: each booking refunded and mailed once.

const ZONE = 'Europe/London';
const DAY = 24 * 60 * 60 * 1000;

describe.each(PARITY_DATABASE_KINDS)('closed days on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { timezone: ZONE }, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  const send = (headers: object, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: headers as Record<string, string>, payload });

  /** The school's day `offset` days from now, as an ISO date, and its weekday. */
  function schoolDay(offset: number) {
    const date = addDays(toLocalDateTime(nowOf(clock), ZONE), offset);
    return { day: isoDate(date), weekday: date.weekday };
  }
  const at = (day: string, hour: number) =>
    fromLocalDateTime({ ...parseLocalDate(day), hour, minute: 0 }, ZONE);

  async function learnerWith(credits: number) {
    const { user, password } = await createUser(t.db);
    await grantCredits(t.db, {
      userId: user.id,
      credits,
      expiresAt: new Date(nowOf(clock).getTime() + 400 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    return { user, headers: bearer(await signIn(t.app, { email: user.email, password })) };
  }

  it('are added (audited, once a day), listed, shown on the public timetable and removed', async () => {
    const { day } = schoolDay(61);
    const added = await send(admin, 'POST', 'admin-closed-days', { day, name: 'Founders Day' });
    expect(added.statusCode, added.body).toBe(201);
    const closed = closedDayCreatedResponseSchema.parse(added.json()).data;
    expect(closed).toMatchObject({ day, name: 'Founders Day', cancelled_classes: 0, refunded_bookings: 0 });

    const again = await send(admin, 'POST', 'admin-closed-days', { day, name: 'Another name' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.day).toEqual([
      'This day is already closed.',
    ]);

    const list = closedDayListResponseSchema.parse((await send(admin, 'GET', 'admin-closed-days')).json());
    expect(list.data).toContainEqual({ id: closed.id, day, name: 'Founders Day' });
    const shown = await send({}, 'GET', `closed-days?from=${schoolDay(60).day}&to=${schoolDay(62).day}`);
    expect(publicClosedDaysResponseSchema.parse(shown.json()).data).toEqual([{ day, name: 'Founders Day' }]);

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'adminClosedDayCreate'));
    expect(audited.map((event) => event.subjectId)).toEqual([closed.id]);

    expect((await send(admin, 'DELETE', `admin-closed-days/${closed.id}`)).statusCode).toBe(200);
    const after = await send({}, 'GET', `closed-days?from=${day}&to=${day}`);
    expect(publicClosedDaysResponseSchema.parse(after.json()).data).toEqual([]);
    expect((await send(admin, 'DELETE', `admin-closed-days/${closed.id}`)).statusCode).toBe(404);
  });

  it('are skipped by a new series, which names them, and by its extension', async () => {
    const holiday = schoolDay(70);
    const later = schoolDay(84);
    await createClosedDay(t.db, { day: holiday.day, name: 'Spring Holiday' });
    await createClosedDay(t.db, { day: later.day, name: 'Staff Day' });
    const course = await createCourse(t.db);
    const created = await send(admin, 'POST', 'admin-class-series', {
      course_id: course.id,
      title: 'Holiday Test Series',
      no_of_users: 6,
      weekdays: [holiday.weekday],
      start_time: '18:00',
      first_date: schoolDay(63).day,
      weeks: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = classSeriesCreatedResponseSchema.parse(created.json());
    expect(series.data.created).toBe(1);
    expect(series.data.skipped_closed_days).toEqual([{ day: holiday.day, name: 'Spring Holiday' }]);
    expect(series.message).toContain(`Skipped closed day: ${holiday.day} (Spring Holiday)`);

    // Two more weeks: day 77 is open, day 84 closed.
    const extended = await send(admin, 'POST', `admin-class-series/${series.data.id}/extend`, { weeks: 2 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(classSeriesCreatedResponseSchema.parse(extended.json()).data).toMatchObject({
      created: 1,
      skipped_closed_days: [{ day: later.day, name: 'Staff Day' }],
    });
    const classes = await t.db
      .select({ startsAt: schedules.startsAt })
      .from(schedules)
      .where(eq(schedules.seriesId, series.data.id))
      .orderBy(asc(schedules.startsAt));
    expect(classes.map((row) => isoDate(toLocalDateTime(row.startsAt, ZONE)))).toEqual([
      schoolDay(63).day,
      schoolDay(77).day,
    ]);
  });

  it('refuses a single class on a closed day, naming it, unless confirmed; a move onto one too', async () => {
    const { day } = schoolDay(90);
    await createClosedDay(t.db, { day, name: 'Christmas Day' });
    const course = await createCourse(t.db);
    const body = {
      course_id: course.id,
      title: 'Holiday Class',
      no_of_users: 6,
      date: at(day, 10).toISOString(),
    };
    const named = `The school is closed on ${new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
    }).format(new Date(`${day}T00:00:00Z`))}`;

    const refused = await send(admin, 'POST', 'admin-course-schedule', body);
    expect(refused.statusCode).toBe(409);
    const refusal = refused.json<{ message: string; errors: Record<string, string[]> }>();
    expect(refusal.message).toContain(named);
    expect(refusal.message).toContain('(Christmas Day). Confirm to schedule anyway.');
    expect(refusal.errors.allow_closed_day).toEqual([refusal.message]);
    const confirmed = await send(admin, 'POST', 'admin-course-schedule', { ...body, allow_closed_day: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const kept = confirmed.json<{ data: { id: number } }>().data.id;
    // A class kept on the day is not held up by it when only its title changes.
    const retitled = await send(admin, 'PUT', `admin-course-schedule/${kept}`, {
      ...body,
      title: 'Make-up Class',
    });
    expect(retitled.statusCode, retitled.body).toBe(200);

    const open = await createSchedule(t.db, { courseId: course.id, startsAt: at(schoolDay(89).day, 10) });
    const moved = { ...body, title: open.title, date: at(day, 12).toISOString() };
    expect((await send(admin, 'PUT', `admin-course-schedule/${open.id}`, moved)).statusCode).toBe(409);
    const movedAnyway = await send(admin, 'PUT', `admin-course-schedule/${open.id}`, {
      ...moved,
      allow_closed_day: true,
    });
    expect(movedAnyway.statusCode, movedAnyway.body).toBe(200);
  });

  it('shows the classes a day would close and cancels them with one refund and mail per booking', async () => {
    const { day } = schoolDay(100);
    const course = await createCourse(t.db);
    const hit = await createSchedule(t.db, { courseId: course.id, startsAt: at(day, 9), numberToken: 2 });
    const elsewhere = await createSchedule(t.db, {
      courseId: course.id,
      startsAt: at(schoolDay(101).day, 9),
    });
    const learners = [await learnerWith(5), await learnerWith(5)];
    for (const learner of learners) {
      const booked = await send(learner.headers, 'POST', 'book-class', { schedule_id: hit.id });
      expect(booked.statusCode, booked.body).toBe(200);
    }

    const preview = await send(admin, 'GET', `admin-closed-days/classes?day=${day}`);
    expect(closedDayClassesResponseSchema.parse(preview.json()).data).toEqual([
      expect.objectContaining({ id: hit.id, seats_taken: 2, starts_at: hit.startsAt.toISOString() }),
    ]);

    const closed = await send(admin, 'POST', 'admin-closed-days', {
      day,
      name: 'Boxing Day',
      cancel_classes: true,
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const result = closedDayCreatedResponseSchema.parse(closed.json());
    expect(result.data).toMatchObject({ cancelled_classes: 1, refunded_bookings: 2 });
    expect(result.message).toBe('Closed day saved. 1 class cancelled, 2 bookings refunded.');

    const [cancelled] = await t.db.select().from(schedules).where(eq(schedules.id, hit.id));
    expect(cancelled?.status).toBe('cancelled');
    const [untouched] = await t.db.select().from(schedules).where(eq(schedules.id, elsewhere.id));
    expect(untouched?.status).toBe('scheduled');

    // Removed and closed again: the class is cancelled already, so nothing is refunded twice.
    await send(admin, 'DELETE', `admin-closed-days/${result.data.id}`);
    const reclosed = await send(admin, 'POST', 'admin-closed-days', {
      day,
      name: 'Boxing Day',
      cancel_classes: true,
    });
    expect(closedDayCreatedResponseSchema.parse(reclosed.json()).data).toMatchObject({
      cancelled_classes: 0,
      refunded_bookings: 0,
    });

    for (const learner of learners) {
      expect(await getBalance(t.db, learner.user.id, nowOf(clock))).toBe(5);
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.userId, learner.user.id));
      expect(booking?.status).toBe('cancelled');
      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'class-cancelled'), eq(mailOutbox.recipient, learner.user.email)));
      expect(mails).toHaveLength(1);
    }
    await expectConsistent(
      t.db,
      learners.map((learner) => learner.user.id),
    );
  });
});

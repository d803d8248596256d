import {
  bookedSchedulesResponseSchema,
  bookingResponseSchema,
  userBookingPageResponseSchema,
  waiveResponseSchema,
} from '@tokenly/contract/bookings';
import { adminUserCreditsResponseSchema } from '@tokenly/contract/credits';
import { attendanceCountsResponseSchema } from '@tokenly/contract/teachers';
import { studentDetailsResponseSchema } from '@tokenly/contract/users';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { creditLots } from '../../db/schema/credit-lots';
import { schedules } from '../../db/schema/schedules';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import { createSchedule } from '../../db/seed/factories';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { getBalance, grantCredits } from '../credits/credit-service';

// Inside the free-cancellation window a learner may still cancel, freeing the seat
// and forfeiting the credits; an administrator may give back the credits of a late cancel or a no-show,
// once. Time is the test clock's: the window is 24 hours, the waitlist closes 1 hour before a class.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(TEST_DATABASE_KINDS)('late cancels and waivers on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const learners: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { cancelWindowHours: 24, waitlistCutoffHours: 1 }, { clock });
    admin = await signedInUser(t.app, t.db, 'admin');
  });
  afterAll(() => t.close());

  async function learner(credits: number) {
    const signed = await signedInUser(t.app, t.db);
    learners.push(signed.user.id);
    await grantCredits(t.db, {
      userId: signed.user.id,
      credits,
      expiresAt: new Date(clock.now() + 30 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    return signed;
  }

  const send = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload && { payload }) });
  const book = async (token: string, scheduleId: number) =>
    bookingResponseSchema.parse((await send(token, 'POST', 'book-class', { schedule_id: scheduleId })).json())
      .data;
  const seatsOf = async (id: number) =>
    (await t.db.select().from(schedules).where(eq(schedules.id, id)))[0]?.seatsTaken;
  const waive = (bookingId: number, reason = 'Family emergency', token = admin.token) =>
    send(token, 'POST', `admin-booking/${bookingId}/waive`, { reason });
  const ledgerOf = async (userId: number) =>
    adminUserCreditsResponseSchema.parse(
      (await send(admin.token, 'GET', `admin-user-credits/${userId}`)).json(),
    ).data.ledger;

  it('inside the window: asks first, then frees the seat for the waitlist and keeps the credits', async () => {
    const { user, token } = await learner(5);
    const klass = await createSchedule(t.db, {
      numberToken: 2,
      noOfUsers: 1,
      startsAt: new Date(clock.now() + 5 * HOUR),
    });
    const booked = await book(token, klass.id);
    const waiting = await learner(2);
    expect((await send(waiting.token, 'POST', 'join-waitlist', { schedule_id: klass.id })).statusCode).toBe(
      200,
    );

    // The timetable learns the booking and that cancelling it now is late.
    const held = bookedSchedulesResponseSchema.parse(
      (await send(token, 'GET', 'user-booked-schedules')).json(),
    );
    expect(held.data).toEqual([
      {
        schedule_id: klass.id,
        booking_id: booked.id,
        credits: 2,
        cancellable: true,
        free_cancellation: false,
        cancel_until: new Date(klass.startsAt.getTime() - DAY).toISOString(),
        // Booked 5 hours ahead: it never had free cancellation.
        booked_inside_window: true,
        // Five hours ahead, its link is not released yet.
        join_open: false,
      },
    ]);

    // Not without the learner's yes: nothing changes.
    const refused = await send(token, 'POST', `cancel-booking/${booked.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('cancelling now keeps your 2 credits');
    expect(await seatsOf(klass.id)).toBe(1);

    const done = await send(token, 'POST', `cancel-booking/${booked.id}?late=true`);
    expect(done.statusCode).toBe(200);
    const body = bookingResponseSchema.parse(done.json());
    expect(body.message).toBe('Booking cancelled late: your 2 credits were not returned.');
    expect(body.data).toMatchObject({
      status: 'cancelled',
      late_cancel: true,
      waived: false,
      cancellable: false,
    });
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(3);
    // The seat went to the first in line, who paid for it.
    expect(await seatsOf(klass.id)).toBe(1);
    const [promoted] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.scheduleId, klass.id), eq(bookings.status, 'booked')));
    expect(promoted?.userId).toBe(waiting.user.id);
    expect(await getBalance(t.db, waiting.user.id, new Date(clock.now()))).toBe(0);
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, waiting.user.id));
    expect(entry?.status).not.toBe('waiting');

    // The ledger says why the credits stayed; a second cancel changes nothing.
    const [last] = await ledgerOf(user.id);
    expect(last).toMatchObject({ reason: 'late_cancel', delta: 0, booking_id: booked.id });
    expect((await send(token, 'POST', `cancel-booking/${booked.id}?late=true`)).statusCode).toBe(409);
    const counts = attendanceCountsResponseSchema.parse((await send(token, 'GET', 'user-attendance')).json());
    expect(counts.data).toEqual({ attended: 0, no_show: 0, late_cancel: 1 });
    await expectConsistent(t.db, learners);
  });

  it('before the window gives the credits back even when told late; a started class cannot be cancelled', async () => {
    const { user, token } = await learner(3);
    const later = await createSchedule(t.db, { numberToken: 2, startsAt: new Date(clock.now() + 3 * DAY) });
    const early = await book(token, later.id);
    expect(early).toMatchObject({ cancellable: true, free_cancellation: true });
    const done = await send(token, 'POST', `cancel-booking/${early.id}?late=true`);
    expect(done.json()).toMatchObject({
      message: 'Booking cancelled. 2 credits were returned.',
      data: { late_cancel: false },
    });
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(3);

    const soon = await createSchedule(t.db, { startsAt: new Date(clock.now() + 2 * HOUR) });
    const started = await book(token, soon.id);
    await clock.setTime(soon.startsAt.getTime() + 60_000);
    try {
      const list = userBookingPageResponseSchema.parse(
        (await send(token, 'GET', 'user-course-schedule')).json(),
      );
      expect(list.data.data.find((row) => row.id === started.id)).toMatchObject({
        cancellable: false,
        free_cancellation: false,
      });
      const refused = await send(token, 'POST', `cancel-booking/${started.id}?late=true`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This class has already started and can no longer be cancelled.');
      expect(await seatsOf(soon.id)).toBe(1);
    } finally {
      await clock.setTime(Date.now());
    }
    await expectConsistent(t.db, learners);
  });

  it('a waiver gives a late cancel its credits back to the same lots, once, and says who and why', async () => {
    const { user, token } = await learner(4);
    const klass = await createSchedule(t.db, { numberToken: 3, startsAt: new Date(clock.now() + 4 * HOUR) });
    const booked = await book(token, klass.id);
    await send(token, 'POST', `cancel-booking/${booked.id}?late=true`);
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(1);

    // Learners cannot waive; the reason is required.
    expect((await waive(booked.id, 'Please', token)).statusCode).toBe(403);
    expect((await waive(booked.id, '  ')).statusCode).toBe(422);

    const first = await waive(booked.id);
    expect(first.statusCode).toBe(200);
    expect(waiveResponseSchema.parse(first.json())).toEqual({
      data: { booking_id: booked.id, credits: 3, balance: 4 },
      message: '3 credits given back to the learner.',
    });
    const lots = await t.db.select().from(creditLots).where(eq(creditLots.userId, user.id));
    expect(lots.map((lot) => lot.creditsRemaining)).toEqual([4]);
    const [row] = await ledgerOf(user.id);
    expect(row).toMatchObject({
      reason: 'waiver',
      delta: 3,
      note: 'Family emergency',
      booking_id: booked.id,
    });

    const second = await waive(booked.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('The credits of this booking were already given back.');
    expect(await getBalance(t.db, user.id, new Date(clock.now()))).toBe(4);

    // The student page shows it, no longer waivable; the audit log keeps the reason.
    const student = studentDetailsResponseSchema.parse(
      (await send(admin.token, 'GET', `admin-student/${user.id}`)).json(),
    ).data;
    expect(student.attendance).toMatchObject({ attended: 0, no_show: 0, late_cancel: 1 });
    expect(student.attendance.history[0]).toMatchObject({
      booking_id: booked.id,
      status: 'late_cancel',
      credits: 3,
      waivable: false,
      waived_by: admin.user.name,
    });
    const audit = (await send(admin.token, 'GET', 'admin-audit-log')).json().data.data[0];
    expect(audit).toMatchObject({
      action: 'adminBookingWaive',
      subject_id: booked.id,
      reason: 'Family emergency',
    });
    await expectConsistent(t.db, learners);
  });

  it('a waiver gives a no-show its credits back, as a new lot when theirs expired; an ordinary booking is refused', async () => {
    const { user, token } = await learner(2);
    const teacher = await signedInUser(t.app, t.db, 'teacher');
    const klass = await createSchedule(t.db, {
      numberToken: 2,
      startsAt: new Date(clock.now() + 2 * HOUR),
      teacherId: teacher.user.id,
    });
    const booked = await book(token, klass.id);
    const other = await learner(2);
    const attended = await book(other.token, klass.id);
    await t.db.update(bookings).set({ attendance: 'no_show' }).where(eq(bookings.id, booked.id));

    expect((await waive(attended.id)).json().message).toBe(
      'Only a late cancel or a no-show can have its credits given back.',
    );
    expect((await waive(999_999)).statusCode).toBe(404);

    // The lot the class was paid from has expired by the time the administrator waives.
    await t.db
      .update(creditLots)
      .set({ expiresAt: new Date(clock.now() - 1000) })
      .where(eq(creditLots.userId, user.id));
    const first = waiveResponseSchema.parse((await waive(booked.id)).json());
    expect(first.data).toMatchObject({ credits: 2, balance: 2 });
    const fresh = (await t.db.select().from(creditLots).where(eq(creditLots.userId, user.id))).find(
      (lot) => lot.source === 'refund',
    );
    expect(fresh?.creditsRemaining).toBe(2);
    expect((await waive(booked.id)).statusCode).toBe(409);
    // The booking stays as the teacher recorded it; its seat too.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row).toMatchObject({ status: 'booked', attendance: 'no_show', waivedBy: admin.user.id });
    // Nor can the teacher turn the no-show the waiver rests on into attended.
    await clock.setTime(klass.startsAt.getTime() + HOUR);
    const remark = await t.app.inject({
      method: 'PUT',
      url: `/api/teacher-class/${klass.id}/attendance`,
      headers: { ...bearer(teacher.token), 'x-requested-with': 'XMLHttpRequest' },
      payload: { booking_id: booked.id, status: 'attended' },
    });
    expect(remark.statusCode, remark.body).toBe(409);
    await expectConsistent(t.db, learners);
  });
});

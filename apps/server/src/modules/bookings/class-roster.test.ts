import { bookingResponseSchema } from '@tokenly/contract/bookings';
import { adminClassRosterResponseSchema, classMessageResponseSchema } from '@tokenly/contract/class-roster';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import { createCourse, createSchedule, createUser } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { checkLotsMatchLedger, getBalance, grantCredits } from '../credits/credit-service';

const DAY = 24 * 60 * 60 * 1000;

// On both databases: adding, removing and moving learners change seats, lots and the ledger together.
describe.each(PARITY_DATABASE_KINDS)('the class screen on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signedInUser(t.app, t.db, 'admin')).token;
  });
  afterAll(() => t.close());

  async function learner(credits: number) {
    const signed = await signedInUser(t.app, t.db);
    if (credits > 0) {
      await grantCredits(t.db, {
        userId: signed.user.id,
        credits,
        expiresAt: new Date(Date.now() + 30 * DAY),
        source: 'grant',
        reason: 'grant',
      });
    }
    return signed;
  }

  const send = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

  const balanceOf = (userId: number) => getBalance(t.db, userId, new Date());
  const seatsOf = async (id: number) =>
    (await t.db.select().from(schedules).where(eq(schedules.id, id)))[0]?.seatsTaken;
  const mailsTo = (email: string, kind: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, kind)));

  it('adds a learner with their credits as a booking takes them, and refuses them twice', async () => {
    const { user } = await learner(5);
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    const added = await send(admin, 'POST', `admin-course-schedule/${schedule.id}/roster`, {
      user_id: user.id,
    });
    expect(added.statusCode).toBe(200);
    expect(bookingResponseSchema.parse(added.json()).data).toMatchObject({
      schedule_id: schedule.id,
      number_token: 2,
      status: 'booked',
    });
    expect(await balanceOf(user.id)).toBe(3);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
    expect(await mailsTo(user.email, 'booking-confirmed')).toHaveLength(1);
    const again = await send(admin, 'POST', `admin-course-schedule/${schedule.id}/roster`, {
      user_id: user.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This learner already has a place in this class.');
    expect(await seatsOf(schedule.id)).toBe(1);
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'adminScheduleRosterAdd'), eq(auditEvents.subjectId, schedule.id)));
    expect(audited?.summary).toBe('Add a learner to a class');
  });

  it('adds a learner free of charge only with a reason, and ends their place on the waitlist', async () => {
    const { user } = await learner(0);
    const schedule = await createSchedule(t.db, { numberToken: 2, noOfUsers: 1 });
    const url = `admin-course-schedule/${schedule.id}/roster`;
    const unpaid = await send(admin, 'POST', url, { user_id: user.id });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe("The learner's credits are short for this class.");
    const noReason = await send(admin, 'POST', url, { user_id: user.id, free: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Give a reason for a free place.']);
    await t.db
      .insert(waitlistEntries)
      .values({ userId: user.id, scheduleId: schedule.id, joinedAt: new Date() });
    const free = await send(admin, 'POST', url, { user_id: user.id, free: true, reason: 'Trial class' });
    expect(free.statusCode).toBe(200);
    const booking = bookingResponseSchema.parse(free.json()).data;
    expect(booking.number_token).toBe(0);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, user.id));
    expect(entry).toMatchObject({ status: 'promoted', bookingId: booking.id });
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'adminScheduleRosterAdd'), eq(auditEvents.subjectId, schedule.id)));
    expect(audited?.reason).toBe('Trial class');
    // The class is now full: nobody else is added, paying or not.
    const other = await learner(5);
    const full = await send(admin, 'POST', url, { user_id: other.user.id, free: true, reason: 'Guest' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This class is full.');
  });

  it('adds learners only (not a teacher or an unknown account), to a club class with their pass', async () => {
    const schedule = await createSchedule(t.db);
    const url = `admin-course-schedule/${schedule.id}/roster`;
    const teacher = await createUser(t.db, { role: 'teacher' });
    for (const userId of [teacher.user.id, 2_000_000_000]) {
      expect((await send(admin, 'POST', url, { user_id: userId, free: true, reason: 'x' })).statusCode).toBe(
        404,
      );
    }
    expect(await seatsOf(schedule.id)).toBe(0);
    // A club class takes the learner's Club pass, as their own booking would, never their credits.
    const club = await createSchedule(t.db, { courseId: (await createCourse(t.db, { club: true })).id });
    const { user } = await learner(5);
    const withoutPass = await send(admin, 'POST', `admin-course-schedule/${club.id}/roster`, {
      user_id: user.id,
    });
    expect([withoutPass.statusCode, withoutPass.json().code]).toEqual([409, 'clubPassNeeded']);
    expect(await balanceOf(user.id)).toBe(5);
  });

  it('removes a learner with or without their credits, mailing them as a school cancellation', async () => {
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    const kept = await learner(4);
    const refunded = await learner(4);
    const ids: number[] = [];
    for (const { user } of [kept, refunded]) {
      const answer = await send(admin, 'POST', `admin-course-schedule/${schedule.id}/roster`, {
        user_id: user.id,
      });
      ids.push(bookingResponseSchema.parse(answer.json()).data.id);
    }
    const [keptId, refundedId] = ids;
    const noReason = await send(admin, 'POST', `admin-booking/${keptId}/cancel`, { refund: false });
    expect(noReason.statusCode).toBe(422);
    const withoutRefund = await send(admin, 'POST', `admin-booking/${keptId}/cancel`, {
      refund: false,
      reason: 'Did not come to the last three classes',
    });
    expect(withoutRefund.statusCode).toBe(200);
    expect(withoutRefund.json().message).toBe("Booking removed. The learner's 2 credits were not returned.");
    const withRefund = await send(admin, 'POST', `admin-booking/${refundedId}/cancel`, {
      refund: true,
      reason: 'Asked by phone',
    });
    expect(withRefund.statusCode).toBe(200);
    expect(await balanceOf(kept.user.id)).toBe(2);
    expect(await balanceOf(refunded.user.id)).toBe(4);
    for (const { user } of [kept, refunded]) expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
    const [keptMail] = await mailsTo(kept.user.email, 'booking-removed');
    expect(keptMail?.text).toContain('the 2 credits it used are not returned');
    const [refundMail] = await mailsTo(refunded.user.email, 'booking-removed');
    expect(refundMail?.text).toContain('2 credits returned to your balance');
    const roster = adminClassRosterResponseSchema.parse(
      (await send(admin, 'GET', `admin-course-schedule/${schedule.id}/roster`)).json(),
    ).data;
    expect(roster.roster.map((row) => [row.name, row.status])).toEqual([
      [kept.user.name, 'cancelled'],
      [refunded.user.name, 'cancelled'],
    ]);
    expect(await seatsOf(schedule.id)).toBe(0);
  });

  it('moves a booking to a class with a free seat, its credits carried without charge or loss', async () => {
    const { user, token } = await learner(3);
    const from = await createSchedule(t.db, { numberToken: 2, title: 'Grammar Clinic' });
    const to = await createSchedule(t.db, {
      numberToken: 3,
      title: 'Small Talk Lab',
      startsAt: new Date(Date.now() + 9 * DAY),
    });
    const booked = bookingResponseSchema.parse(
      (await send(admin, 'POST', `admin-course-schedule/${from.id}/roster`, { user_id: user.id })).json(),
    ).data;
    // Someone waits for the seat the move frees.
    const waiting = await learner(2);
    await t.db.update(schedules).set({ noOfUsers: 1 }).where(eq(schedules.id, from.id));
    expect((await send(waiting.token, 'POST', 'join-waitlist', { schedule_id: from.id })).statusCode).toBe(
      200,
    );

    const moved = await send(admin, 'POST', `admin-booking/${booked.id}/move`, {
      schedule_id: to.id,
      reason: 'Asked to come later',
    });
    expect(moved.statusCode).toBe(200);
    const booking = bookingResponseSchema.parse(moved.json()).data;
    expect(booking).toMatchObject({ schedule_id: to.id, number_token: 2, status: 'booked' });
    expect(await balanceOf(user.id)).toBe(1);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
    expect(await seatsOf(to.id)).toBe(1);
    // The freed seat went to the waitlist in the same transaction.
    const [promoted] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, waiting.user.id), eq(bookings.scheduleId, from.id)));
    expect(promoted?.status).toBe('booked');
    const [mail] = await mailsTo(user.email, 'booking-moved');
    expect(mail?.text).toContain('Grammar Clinic');
    expect(mail?.attachments.map((file) => file.filename)).toEqual(['class.ics', 'previous-class.ics']);

    // Cancelling the new booking in time gives back exactly what the old one took.
    const cancel = await send(token, 'POST', `cancel-booking/${booking.id}`);
    expect(cancel.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(3);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
  });

  it('refuses a move to a full class, the same class, or one the learner already holds', async () => {
    const { user } = await learner(5);
    const from = await createSchedule(t.db);
    const full = await createSchedule(t.db, { noOfUsers: 1 });
    const other = await learner(1);
    await send(admin, 'POST', `admin-course-schedule/${full.id}/roster`, { user_id: other.user.id });
    const held = await createSchedule(t.db);
    const ids: number[] = [];
    for (const schedule of [from, held]) {
      const answer = await send(admin, 'POST', `admin-course-schedule/${schedule.id}/roster`, {
        user_id: user.id,
      });
      ids.push(bookingResponseSchema.parse(answer.json()).data.id);
    }
    // Passes never mix with credits: a place paid with credits does not move to a club class.
    const club = await createSchedule(t.db, { courseId: (await createCourse(t.db, { club: true })).id });
    const url = `admin-booking/${ids[0]}/move`;
    const answers = await Promise.all(
      [full.id, from.id, held.id, club.id].map((id) => send(admin, 'POST', url, { schedule_id: id })),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [409, 'This class is full.'],
      [409, 'The learner is already in this class: choose another one.'],
      [409, 'This learner already has a place in this class.'],
      [409, 'A club class is booked with the Club pass: a place paid with credits cannot move to it.'],
    ]);
    expect((await send(admin, 'POST', url, { schedule_id: 2_000_000_000 })).statusCode).toBe(404);
    expect(await balanceOf(user.id)).toBe(3);
    expect([await seatsOf(from.id), await seatsOf(full.id), await seatsOf(held.id)]).toEqual([1, 1, 1]);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
  });

  it('keeps a booking of a class that has begun where it is, and moves a Club pass place only where the pass covers it', async () => {
    const { user } = await learner(2);
    const begun = await createSchedule(t.db);
    const later = await createSchedule(t.db);
    const added = await send(admin, 'POST', `admin-course-schedule/${begun.id}/roster`, { user_id: user.id });
    const bookingId = bookingResponseSchema.parse(added.json()).data.id;
    await t.db
      .update(schedules)
      .set({ startsAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(schedules.id, begun.id));
    const refused = await send(admin, 'POST', `admin-booking/${bookingId}/move`, { schedule_id: later.id });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This class has started: its bookings stay where they are.',
    ]);
    expect(await seatsOf(later.id)).toBe(0);

    // A week's pass: a club class inside it takes the place, one beyond its end does not.
    const member = (await learner(0)).user;
    const granted = await send(admin, 'POST', `admin-user-club-pass/${member.id}/grant`, {
      days: 7,
      reason: 'Trial week',
    });
    expect(granted.statusCode).toBe(200);
    const clubType = (await createCourse(t.db, { club: true })).id;
    const inside = await createSchedule(t.db, {
      courseId: clubType,
      startsAt: new Date(Date.now() + 2 * DAY),
    });
    const alsoInside = await createSchedule(t.db, {
      courseId: clubType,
      startsAt: new Date(Date.now() + 3 * DAY),
    });
    const beyond = await createSchedule(t.db, {
      courseId: clubType,
      startsAt: new Date(Date.now() + 20 * DAY),
    });
    const place = await send(admin, 'POST', `admin-course-schedule/${inside.id}/roster`, {
      user_id: member.id,
    });
    const placeId = bookingResponseSchema.parse(place.json()).data.id;
    const tooFar = await send(admin, 'POST', `admin-booking/${placeId}/move`, { schedule_id: beyond.id });
    expect([tooFar.statusCode, tooFar.json().message]).toEqual([
      409,
      "The learner's Club pass does not cover that class or its week.",
    ]);
    expect([await seatsOf(inside.id), await seatsOf(beyond.id)]).toEqual([1, 0]);
    const moved = await send(admin, 'POST', `admin-booking/${placeId}/move`, { schedule_id: alsoInside.id });
    expect(moved.statusCode).toBe(200);
    expect([await seatsOf(inside.id), await seatsOf(alsoInside.id)]).toEqual([0, 1]);
  });

  it('messages everyone booked, one mail each; a teacher only their own class', async () => {
    const teacher = await signedInUser(t.app, t.db, 'teacher');
    const otherTeacher = await signedInUser(t.app, t.db, 'teacher');
    const schedule = await createSchedule(t.db, { teacherId: teacher.user.id, title: 'Idioms Hour' });
    const empty = await createSchedule(t.db, { teacherId: teacher.user.id });
    const booked = [await learner(2), await learner(2)];
    for (const { user } of booked) {
      await send(admin, 'POST', `admin-course-schedule/${schedule.id}/roster`, { user_id: user.id });
    }
    const gone = await learner(2);
    const goneBooking = bookingResponseSchema.parse(
      (
        await send(admin, 'POST', `admin-course-schedule/${schedule.id}/roster`, { user_id: gone.user.id })
      ).json(),
    ).data;
    await send(admin, 'POST', `admin-booking/${goneBooking.id}/cancel`, {});
    const message = { subject: 'Bring a photo', body: 'Please bring a photo\nof your hometown.' };

    const sent = await send(admin, 'POST', `admin-course-schedule/${schedule.id}/message`, message);
    expect(classMessageResponseSchema.parse(sent.json())).toEqual({
      data: { sent: 2 },
      message: 'Message sent to 2 learners.',
    });
    const byTeacher = await send(teacher.token, 'POST', `teacher-class/${schedule.id}/message`, message);
    expect(byTeacher.statusCode).toBe(200);
    for (const { user } of booked) {
      const mails = await mailsTo(user.email, 'class-message');
      expect(mails).toHaveLength(2);
      expect(mails[0]?.subject).toMatch(/^Bring a photo · /);
      expect(mails[0]?.text).toContain('of your hometown.');
      expect(mails[1]?.text).toContain(`${teacher.user.name} sent this message`);
    }
    expect(await mailsTo(gone.user.email, 'class-message')).toHaveLength(0);

    expect(
      (await send(otherTeacher.token, 'POST', `teacher-class/${schedule.id}/message`, message)).statusCode,
    ).toBe(404);
    expect(
      (await send(teacher.token, 'POST', `admin-course-schedule/${schedule.id}/message`, message)).statusCode,
    ).toBe(403);
    expect(
      (await send(booked[0]?.token ?? '', 'POST', `teacher-class/${schedule.id}/message`, message))
        .statusCode,
    ).toBe(403);
    expect((await send(admin, 'POST', `admin-course-schedule/${empty.id}/message`, message)).statusCode).toBe(
      409,
    );
  });

  it('refuses learners and teachers the administrator calls', async () => {
    const teacher = await signedInUser(t.app, t.db, 'teacher');
    const { user, token } = await learner(3);
    const schedule = await createSchedule(t.db, { teacherId: teacher.user.id });
    for (const caller of [token, teacher.token]) {
      const calls = [
        send(caller, 'GET', `admin-course-schedule/${schedule.id}/roster`),
        send(caller, 'POST', `admin-course-schedule/${schedule.id}/roster`, { user_id: user.id }),
        send(caller, 'POST', 'admin-booking/1/move', { schedule_id: schedule.id }),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(403);
    }
    expect(await seatsOf(schedule.id)).toBe(0);
  });
});

import { bookingResponseSchema, userBookingPageResponseSchema } from '@tokenly/contract/bookings';
import { adminUserCreditsResponseSchema, creditSummaryResponseSchema } from '@tokenly/contract/credits';
import { outboxMailResponseSchema, outboxPageResponseSchema } from '@tokenly/contract/mail';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { creditLedger } from '../../db/schema/credit-ledger';
import { creditLots } from '../../db/schema/credit-lots';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { createSchedule } from '../../db/seed/factories';
import { nowOf, systemClock } from '../../lib/clock';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkLotsMatchLedger, getBalance, grantCredits } from '../credits/credit-service';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

describe.each(TEST_DATABASE_KINDS)('booking calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signedInUser(t.app, t.db, 'admin')).token;
  });
  afterAll(() => t.close());

  async function learner(credits = 0, expiresInDays = 30) {
    const signed = await signedInUser(t.app, t.db);
    if (credits > 0) {
      await grantCredits(t.db, {
        userId: signed.user.id,
        credits,
        expiresAt: inDays(expiresInDays),
        source: 'grant',
        reason: 'grant',
      });
    }
    return signed;
  }

  const book = (token: string, scheduleId: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      headers: bearer(token),
      payload: { schedule_id: scheduleId, ...extra },
    });

  const balanceOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/get-user-token', headers: bearer(token) })).json().data;

  it('books a class, charging the credits of the class (not of the request)', async () => {
    const { user, token } = await learner(5);
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    const response = await book(token, schedule.id, { credits: 0 });
    expect(response.statusCode).toBe(200);
    const body = bookingResponseSchema.parse(response.json());
    expect(body.message).toBe('Booking is successfull.');
    expect(body.data).toMatchObject({
      schedule_id: schedule.id,
      number_token: 2,
      status: 'booked',
      cancellable: true,
    });
    expect(await balanceOf(token)).toBe(3);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row?.seatsTaken).toBe(1);
  });

  it('keeps the confirmation as its facts, drawn in the Outbox as it would be sent', async () => {
    const { user, token } = await learner(5);
    const schedule = await createSchedule(t.db, { title: 'Phrasal Verbs Lab', numberToken: 2 });
    const booked = bookingResponseSchema.parse((await book(token, schedule.id)).json()).data;
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(stored).toMatchObject({ event: `booking:${booked.id}:booked`, status: 'kept', html: null });
    // The learner as the mail needs them, and nothing else of the account.
    expect(stored?.draft?.to).toEqual({
      id: user.id,
      email: user.email,
      name: user.name,
      timezone: user.timezone,
      locale: 'en',
    });
    expect(stored?.draft?.template).toBe('class-mail');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin-mail-outbox', headers: bearer(admin) });
    const listed = outboxPageResponseSchema
      .parse(list.json())
      .data.data.find((mail) => mail.id === stored?.id);
    expect(listed?.subject).toMatch(/^Booking confirmed: Phrasal Verbs Lab/);
    const item = await t.app.inject({
      method: 'GET',
      url: `/api/admin-mail-outbox/${stored?.id}`,
      headers: bearer(admin),
    });
    const mail = outboxMailResponseSchema.parse(item.json()).data;
    expect(mail.subject).toBe(listed?.subject);
    expect(mail.text).toContain('2 credits used');
    expect(mail.html).toContain('Phrasal Verbs Lab');
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'class.ics',
        content: expect.stringContaining(`UID:booking-${booked.id}@`),
      }),
    ]);
    // Drawn again, the same mail: the Outbox may show a kept one as often as it likes.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/admin-mail-outbox/${stored?.id}`,
      headers: bearer(admin),
    });
    expect(outboxMailResponseSchema.parse(again.json()).data).toEqual(mail);
  });

  it('refuses a second booking of the same class, a full class, a past or cancelled one, and no credit', async () => {
    const { token } = await learner(10);
    const schedule = await createSchedule(t.db, { noOfUsers: 1 });
    expect((await book(token, schedule.id)).statusCode).toBe(200);
    const again = await book(token, schedule.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already booked this class.');

    const other = await learner(10);
    const full = await book(other.token, schedule.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This class is full.');

    const past = await createSchedule(t.db, { startsAt: inDays(-1) });
    const started = await book(other.token, past.id);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe('This class has already started and can no longer be booked.');
    const cancelled = await createSchedule(t.db, { status: 'cancelled' });
    expect((await book(other.token, cancelled.id)).json().message).toBe('This class has been cancelled.');
    expect((await book(other.token, 999_999)).statusCode).toBe(404);

    const poor = await learner(1);
    const pricey = await createSchedule(t.db, { numberToken: 2 });
    const short = await book(poor.token, pricey.id);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('You do not have credit. Please purchase credit.');
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, pricey.id));
    expect(row?.seatsTaken).toBe(0);
    expect(await balanceOf(poor.token)).toBe(1);
    // One statement refused itself: no booking, no mail, no ledger row was left behind.
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, poor.user.id))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, poor.user.email))).toEqual([]);
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.userId, poor.user.id))).toHaveLength(
      1,
    );
    // Nothing is drawn when the rest falls short, not even the expired lot's zeroing.
    const lapsed = await learner(5, -1);
    expect((await book(lapsed.token, pricey.id)).json().message).toBe(
      'You do not have credit. Please purchase credit.',
    );
    const [lot] = await t.db.select().from(creditLots).where(eq(creditLots.userId, lapsed.user.id));
    expect(lot?.creditsRemaining).toBe(5);
    expect(
      await t.db.select().from(creditLedger).where(eq(creditLedger.userId, lapsed.user.id)),
    ).toHaveLength(1);
  });

  it('answers 401 without a session, 403 for an admin, 422 for a bad body', async () => {
    const schedule = await createSchedule(t.db);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      payload: { schedule_id: schedule.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await book(admin, schedule.id)).statusCode).toBe(403);
    const { token } = await learner(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      headers: bearer(token),
      payload: { schedule_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['schedule_id']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user-token', headers: bearer(admin) })).statusCode,
    ).toBe(403);
  });

  it('takes credits from the lot expiring first, spanning lots, and counts only unexpired lots', async () => {
    const { user, token } = await learner();
    await grantCredits(t.db, {
      userId: user.id,
      credits: 1,
      expiresAt: inDays(5),
      source: 'grant',
      reason: 'grant',
    });
    const later = await grantCredits(t.db, {
      userId: user.id,
      credits: 4,
      expiresAt: inDays(50),
      source: 'grant',
      reason: 'grant',
    });
    await grantCredits(t.db, {
      userId: user.id,
      credits: 9,
      expiresAt: inDays(-1),
      source: 'grant',
      reason: 'grant',
    });
    expect(await balanceOf(token)).toBe(5);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/user-credit-summary',
      headers: bearer(token),
    });
    expect(creditSummaryResponseSchema.parse(summary.json()).data).toMatchObject({
      balance: 5,
      next_expiry: { credits: 1 },
    });
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    expect((await book(token, schedule.id)).statusCode).toBe(200);
    const [lot] = await t.db.select().from(creditLots).where(eq(creditLots.id, later.id));
    expect(lot?.creditsRemaining).toBe(3);
    expect(await balanceOf(token)).toBe(3);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
  });

  it('lets a learner cancel before the window and refunds the same lots; inside it only when told late, never twice', async () => {
    const { user, token } = await learner(3);
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    const booked = bookingResponseSchema.parse((await book(token, schedule.id)).json()).data;
    const cancel = (id: number, who = token) =>
      t.app.inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers: bearer(who) });

    const stranger = await learner();
    expect((await cancel(booked.id, stranger.token)).statusCode).toBe(404);
    expect((await cancel(booked.id, admin)).statusCode).toBe(403);

    const ok = await cancel(booked.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('cancelled');
    expect(await balanceOf(token)).toBe(3);
    expect((await cancel(booked.id)).statusCode).toBe(409);
    expect(await balanceOf(token)).toBe(3);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row?.seatsTaken).toBe(0);

    const soon = await createSchedule(t.db, { startsAt: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    const late = bookingResponseSchema.parse((await book(token, soon.id)).json()).data;
    expect(late).toMatchObject({ cancellable: true, free_cancellation: false, late_cancel: false });
    // The window closed 24 hours before the start, which is 22 hours ago.
    expect(late.cancel_until).toBe(new Date(soon.startsAt.getTime() - 24 * 60 * 60 * 1000).toISOString());
    // Without the learner's yes to losing the credits (a client older than late cancels), nothing happens.
    const refused = await cancel(late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Free cancellation ended 24 hours before the class: cancelling now keeps your 1 credit. Confirm the late cancel to go ahead.',
    );
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
  });

  it('gives credits from a lot that expired meanwhile back as a new lot valid 7 days', async () => {
    const { user, token } = await learner();
    const lot = await grantCredits(t.db, {
      userId: user.id,
      credits: 2,
      expiresAt: inDays(3),
      source: 'grant',
      reason: 'grant',
    });
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    const booked = bookingResponseSchema.parse((await book(token, schedule.id)).json()).data;
    await t.db
      .update(creditLots)
      .set({ expiresAt: inDays(-1) })
      .where(eq(creditLots.id, lot.id));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${booked.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const lots = await t.db.select().from(creditLots).where(eq(creditLots.userId, user.id));
    const refund = lots.find((row) => row.source === 'refund');
    expect(refund?.creditsRemaining).toBe(2);
    expect(Math.round(((refund?.expiresAt.getTime() ?? 0) - Date.now()) / DAY)).toBe(7);
    expect(await getBalance(t.db, user.id, nowOf(systemClock))).toBe(2);
    expect(await checkLotsMatchLedger(t.db, user.id)).toEqual([]);
  });

  it('lets an admin cancel a class, refunding everyone regardless of the window, idempotently', async () => {
    const a = await learner(2);
    const b = await learner(2);
    const soon = await createSchedule(t.db, { startsAt: new Date(Date.now() + 60 * 60 * 1000) });
    await book(a.token, soon.id);
    await book(b.token, soon.id);
    const cancel = (who: string, id = soon.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin-course-schedule/${id}/cancel`, headers: bearer(who) });
    expect((await cancel(a.token)).statusCode).toBe(403);
    const first = await cancel(admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.refunded_bookings).toBe(2);
    expect((await cancel(admin)).json().data.refunded_bookings).toBe(0);
    expect((await cancel(admin, 999_999)).statusCode).toBe(404);
    expect(await balanceOf(a.token)).toBe(2);
    expect(await balanceOf(b.token)).toBe(2);
  });

  it('gives the meeting link only from 15 minutes before the start, and never to a cancelled booking', async () => {
    const { token } = await learner(5);
    const soon = await createSchedule(t.db, {
      startsAt: new Date(Date.now() + 10 * 60_000),
      meetingLink: 'https://meet.example.com/soon',
    });
    const later = await createSchedule(t.db, {
      startsAt: new Date(Date.now() + 20 * 60_000),
      meetingLink: 'https://meet.example.com/later',
    });
    const open = bookingResponseSchema.parse((await book(token, soon.id)).json()).data;
    const closed = bookingResponseSchema.parse((await book(token, later.id)).json()).data;
    expect(open.schedule.meeting_link).toBe('https://meet.example.com/soon');
    expect(closed.schedule.meeting_link).toBeNull();
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/booking-ics/${open.id}`,
      headers: bearer(token),
    });
    expect(ics.body).toContain('URL;VALUE=URI:https://meet.example.com/soon');

    // The school cancels the class: its booking no longer reads the link.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin-course-schedule/${soon.id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancelled.statusCode).toBe(200);
    const list = userBookingPageResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/user-course-schedule', headers: bearer(token) })
      ).json(),
    ).data.data;
    expect(list.find((booking) => booking.id === open.id)?.schedule.meeting_link).toBeNull();
  });

  it('lists own bookings paginated, and serves an .ics file with UTC times', async () => {
    const { token } = await learner(20);
    const startsAt = new Date('2031-05-01T09:00:00Z');
    const schedule = await createSchedule(t.db, {
      startsAt,
      title: 'Travel, English; Basics',
      meetingLink: 'https://meet.example.com/x',
    });
    for (let i = 0; i < 16; i += 1) await book(token, (await createSchedule(t.db)).id);
    const booked = bookingResponseSchema.parse((await book(token, schedule.id)).json()).data;
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/user-course-schedule?page=2',
      headers: bearer(token),
    });
    const body = userBookingPageResponseSchema.parse(page2.json()).data;
    expect(body).toMatchObject({ current_page: 2, per_page: 15, total: 17, last_page: 2 });
    expect(body.data).toHaveLength(2);

    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/booking-ics/${booked.id}`,
      headers: bearer(token),
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('DTSTART:20310501T090000Z');
    expect(ics.body).toContain('DTEND:20310501T095000Z');
    expect(ics.body).toContain('SUMMARY:Travel\\, English\\; Basics (Core Flex)');
    // Years ahead: the link is not out yet, in the list or in the file.
    expect(booked.schedule.meeting_link).toBeNull();
    expect(ics.body).not.toContain('meet.example.com');
    expect(ics.body).toContain('DESCRIPTION:The meeting link appears in your Class Booking List 15 minutes');
    const other = await learner();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/booking-ics/${booked.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets an admin grant and remove credits with a reason, never below zero', async () => {
    const { user, token } = await learner();
    const adjust = (payload: Record<string, unknown>, who = admin, id = user.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin-user-credits/${id}`, headers: bearer(who), payload });
    expect((await adjust({ delta: 5, reason: 'Welcome gift' })).json()).toEqual({ data: { balance: 5 } });
    const tooMuch = await adjust({ delta: -6, reason: 'Oops' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Cannot remove 6 credits: the balance is only 5.');
    expect((await adjust({ delta: -2, reason: 'Correction' })).json()).toEqual({ data: { balance: 3 } });
    const bad = await adjust({ delta: 0, reason: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['delta', 'reason']);
    expect((await adjust({ delta: 1, reason: 'x' }, token)).statusCode).toBe(403);
    expect((await adjust({ delta: 1, reason: 'x' }, admin, 999_999)).statusCode).toBe(404);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user-credits/${user.id}`,
      headers: bearer(admin),
    });
    const data = adminUserCreditsResponseSchema.parse(view.json()).data;
    expect(data.balance).toBe(3);
    expect(data.ledger.map((row) => [row.delta, row.note])).toEqual([
      [-2, 'Correction'],
      [5, 'Welcome gift'],
    ]);
  });

  it('serves the calendar by day in the asked zone, without cancelled classes', async () => {
    const course = { courseId: (await createSchedule(t.db)).courseId };
    // 23:30 UTC on 10 June 2031 is already 11 June in Tokyo.
    const late = await createSchedule(t.db, { ...course, startsAt: new Date('2031-06-10T23:30:00Z') });
    await createSchedule(t.db, {
      ...course,
      startsAt: new Date('2031-06-10T10:00:00Z'),
      status: 'cancelled',
    });
    const day = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin-course-schedule-by-date?${query}` });
    expect((await day('date=2031-06-10')).json().data.map((c: { id: number }) => c.id)).toEqual([late.id]);
    expect((await day('date=2031-06-11&tz=Asia/Tokyo')).json().data).toMatchObject([
      { id: late.id, bookable: true, seats_left: 8, course_title: 'Core Flex' },
    ]);
    expect((await day('date=2031-06-10&tz=Asia/Tokyo')).json().data).toEqual([]);
    expect((await day('date=nope')).statusCode).toBe(422);
    expect((await day('date=2031-06-10&tz=Mars/Base')).statusCode).toBe(422);
    const month = await t.app.inject({
      method: 'GET',
      url: '/api/calendar-schedules?from=2031-06-01&to=2031-06-30',
    });
    expect(month.json().data).toHaveLength(1);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/calendar-schedules?from=2031-01-01&to=2031-06-30',
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('refuses dates outside the years 2000 to 2999 with a 422 naming the field, for every caller', async () => {
    // The end of 9999-12-31 is in year 10000, which PostgreSQL refused with a 500.
    const callers = { anonymous: undefined, learner: (await learner()).token, admin };
    const queries = [
      ['admin-course-schedule-by-date?date=9999-12-31', ['date']],
      ['admin-course-schedule-by-date?date=9999-12-31&tz=Etc/GMT%2B12', ['date']],
      ['admin-course-schedule-by-date?date=1999-12-31&tz=Etc/GMT-14', ['date']],
      ['calendar-schedules?from=9999-12-01&to=9999-12-31', ['from', 'to']],
      ['calendar-schedules?from=9999-12-01&to=9999-12-31&tz=Etc/GMT%2B12', ['from', 'to']],
      ['calendar-schedules?from=2999-12-01&to=3000-01-01', ['to']],
    ] as const;
    for (const [who, token] of Object.entries(callers)) {
      for (const [query, fields] of queries) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/${query}`,
          headers: token ? bearer(token) : {},
        });
        expect(response.statusCode, `${query} as ${who}`).toBe(422);
        expect(Object.keys(response.json().errors).sort(), query).toEqual(fields);
        expect(response.json().errors[fields[0]]).toEqual(['Use a year from 2000 to 2999.']);
      }
    }
    // The window's edges are days like any other, in the farthest zones too.
    for (const query of [
      'admin-course-schedule-by-date?date=2999-12-31&tz=Etc/GMT%2B12',
      'admin-course-schedule-by-date?date=2000-01-01&tz=Etc/GMT-14',
      'calendar-schedules?from=2999-12-01&to=2999-12-31&tz=Etc/GMT%2B12',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/${query}` });
      expect(response.statusCode, query).toBe(200);
      expect(response.json().data).toEqual([]);
    }
  });
});

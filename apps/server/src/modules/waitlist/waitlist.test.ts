import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { createSchedule, createUser } from '../../db/seed/factories';
import { expectConsistent } from '../../test/consistency';
import { eventually } from '../../test/eventually';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { getBalance, grantCredits } from '../credits/credit-service';
import { createMailer } from '../mail/mailer';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { createWaitlistService } from './waitlist-service';

// Joining and leaving, promotion in the transaction that frees a seat (learner cancels, admin
// raises the capacity), skipped learners without credits keep their place, the cutoff, and the sweep
// job that closes waitlists and tells everyone still waiting.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(TEST_DATABASE_KINDS)('waitlist on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };
  let start: number;

  beforeAll(async () => {
    // Cutoff 24 h, cancellation window 2 h: a learner may still cancel after the cutoff.
    t = await createTestApp(kind, { waitlistCutoffHours: 24, cancelWindowHours: 2 }, { clock });
    start = clock.now();
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  async function learner(credits: number) {
    const { user, password } = await createUser(t.db);
    if (credits > 0) await grant(user.id, credits);
    // Remembered: the tests move the clock on by days.
    const token = await signIn(t.app, { email: user.email, password, remember: true });
    return { id: user.id, email: user.email, token };
  }
  type Learner = Awaited<ReturnType<typeof learner>>;

  const grant = (userId: number, credits: number) =>
    grantCredits(t.db, {
      userId,
      credits,
      expiresAt: new Date(clock.now() + 90 * DAY),
      source: 'grant',
      reason: 'grant',
    });

  const send = (
    who: Learner | { authorization: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/${url}`,
      headers: 'token' in who ? bearer(who.token) : who,
      ...(payload && { payload }),
    });

  /** A class of `seats` seats, all taken, starting in `inHours`. */
  async function fullClass(seats: number, options: { credits?: number; inHours?: number } = {}) {
    const schedule = await createSchedule(t.db, {
      noOfUsers: seats,
      numberToken: options.credits ?? 1,
      startsAt: new Date(clock.now() + (options.inHours ?? 7 * 24) * HOUR),
    });
    const seated: { learner: Learner; bookingId: number }[] = [];
    for (let seat = 0; seat < seats; seat += 1) {
      const one = await learner(5);
      const booked = await send(one, 'POST', 'book-class', { schedule_id: schedule.id });
      expect(booked.statusCode).toBe(200);
      seated.push({ learner: one, bookingId: booked.json().data.id });
    }
    return { schedule, seated };
  }

  const join = (one: Learner, scheduleId: number) =>
    send(one, 'POST', 'join-waitlist', { schedule_id: scheduleId });

  async function positions(one: Learner) {
    const answer = await send(one, 'GET', 'user-waitlist');
    expect(answer.statusCode).toBe(200);
    return (answer.json().data as { schedule_id: number; position: number }[]).map(
      ({ schedule_id, position }) => ({ schedule_id, position }),
    );
  }

  const bookedOn = async (scheduleId: number) =>
    (
      await t.db
        .select({ userId: bookings.userId })
        .from(bookings)
        .where(and(eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')))
    ).map((row) => row.userId);

  const mailsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).map((mail) => mail.kind);

  const raiseCapacity = async (scheduleId: number, seats: number) => {
    // Signed in now: an administrator's session lasts 12 hours and the clock may have moved on by more.
    const by = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const current = (await send(by, 'GET', `admin-course-schedule/${scheduleId}`)).json().data;
    return send(by, 'PUT', `admin-course-schedule/${scheduleId}`, {
      course_id: current.course_id,
      title: current.title,
      no_of_users: seats,
      date: current.schedule_time,
    });
  };

  it('joins only a full class, with enough credits, once, and shows the place in line', async () => {
    const { schedule, seated } = await fullClass(2, { credits: 2 });
    const [first, second, poor] = [await learner(2), await learner(3), await learner(1)];
    const open = await createSchedule(t.db, { startsAt: new Date(clock.now() + 7 * DAY) });

    expect((await join(first, open.id)).json().message).toBe('This class has free seats: book it instead.');
    const joined = await join(first, schedule.id);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().message).toBe('You joined the waitlist: #1 on the waitlist.');
    expect((await join(second, schedule.id)).json().data.position).toBe(2);
    expect((await join(first, schedule.id)).json().message).toBe(
      'You are already on the waitlist of this class.',
    );
    expect((await join(poor, schedule.id)).json().message).toBe(
      'You do not have credit. Please purchase credit.',
    );
    const booked = seated[0]?.learner as Learner;
    expect((await join(booked, schedule.id)).json().message).toBe('You have already booked this class.');
    expect((await join(first, 2_000_000_000)).statusCode).toBe(404);
    // Joining takes no credits.
    expect(await getBalance(t.db, first.id, new Date(clock.now()))).toBe(2);

    const day = new Date(schedule.startsAt).toISOString().slice(0, 10);
    const calendar = await t.app.inject({ url: `/api/admin-course-schedule-by-date?date=${day}&tz=UTC` });
    const listed = calendar.json().data.find((c: { id: number }) => c.id === schedule.id);
    expect(listed).toMatchObject({ seats_left: 0, bookable: false, waitlist_open: true });

    // Leaving keeps everyone else's order.
    expect((await send(first, 'POST', `leave-waitlist/${schedule.id}`)).statusCode).toBe(200);
    expect((await send(first, 'POST', `leave-waitlist/${schedule.id}`)).statusCode).toBe(404);
    expect(await positions(second)).toEqual([{ schedule_id: schedule.id, position: 1 }]);
    // Back in line means at the back.
    await join(first, schedule.id);
    expect(await positions(first)).toEqual([{ schedule_id: schedule.id, position: 2 }]);
  });

  it('a cancellation books the first in line with credits, in the same request; the short one is skipped and keeps the place', async () => {
    const { schedule, seated } = await fullClass(2, { credits: 2 });
    const short = await learner(2);
    const next = await learner(4);
    const last = await learner(4);
    for (const one of [short, next, last]) expect((await join(one, schedule.id)).statusCode).toBe(200);
    // The first in line spends their credits elsewhere meanwhile.
    const elsewhere = await createSchedule(t.db, {
      numberToken: 2,
      startsAt: new Date(clock.now() + 3 * DAY),
    });
    expect((await send(short, 'POST', 'book-class', { schedule_id: elsewhere.id })).statusCode).toBe(200);

    const leaving = seated[0] as { learner: Learner; bookingId: number };
    expect((await send(leaving.learner, 'POST', `cancel-booking/${leaving.bookingId}`)).statusCode).toBe(200);

    expect(await bookedOn(schedule.id)).toEqual(expect.arrayContaining([next.id]));
    expect(await bookedOn(schedule.id)).not.toContain(short.id);
    expect(await bookedOn(schedule.id)).toHaveLength(2);
    expect(await getBalance(t.db, next.id, new Date(clock.now()))).toBe(2);
    const list = (await send(next, 'GET', 'user-course-schedule')).json().data.data;
    expect(list.map((row: { schedule_id: number }) => row.schedule_id)).toContain(schedule.id);
    expect(await positions(next)).toEqual([]);
    expect(await positions(short)).toEqual([{ schedule_id: schedule.id, position: 1 }]);
    expect(await positions(last)).toEqual([{ schedule_id: schedule.id, position: 2 }]);
    expect(await mailsTo(next.email)).toContain('waitlist-promoted');
    expect(await mailsTo(short.email)).toEqual(['booking-confirmed', 'waitlist-skipped']);
    const [promotedMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, next.email), eq(mailOutbox.kind, 'waitlist-promoted')));
    expect(promotedMail?.subject).toMatch(/^You're in: /);
    expect(promotedMail?.attachments[0]?.content).toContain('METHOD:REQUEST');

    // Raising the capacity by two: `last` gets one seat, `short` is still short and stays first.
    expect((await raiseCapacity(schedule.id, 4)).statusCode).toBe(200);
    expect(await bookedOn(schedule.id)).toContain(last.id);
    expect(await positions(short)).toEqual([{ schedule_id: schedule.id, position: 1 }]);
    const row = (await send(admin, 'GET', `admin-course-schedule/${schedule.id}`)).json().data;
    expect(row).toMatchObject({ seats_taken: 3, no_of_users: 4, waitlist_count: 1 });
    // Told once, however often skipped.
    expect((await mailsTo(short.email)).filter((kind) => kind === 'waitlist-skipped')).toHaveLength(1);

    // Credits bought later: the sweep job gives the free seat within the minute.
    await grant(short.id, 2);
    const result = await sweep();
    expect(result.promoted).toBeGreaterThanOrEqual(1);
    expect(await bookedOn(schedule.id)).toContain(short.id);
    await expectConsistent(t.db, [short.id, next.id, last.id]);
  });

  /** The sweep job's work (waitlist.sweep), on the app's database and clock. */
  const sweep = () =>
    createWaitlistService(t.db, {
      settings: createSchoolSettingsService(t.db, { first: firstSchoolSettings(t.config), clock }),
      mailer: createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock }),
      clock,
      mail: { appUrl: t.config.appUrl },
    }).sweep();

  it('no promotion at or after the cutoff; the sweep then closes the waitlist and tells everyone, charging nothing', async () => {
    const { schedule, seated } = await fullClass(1, { inHours: 48 });
    const [a, b] = [await learner(3), await learner(3)];
    await join(a, schedule.id);
    await join(b, schedule.id);

    // One hour before the cutoff the sweep leaves it open.
    await clock.setTime(schedule.startsAt.getTime() - 25 * HOUR);
    expect(await sweep()).toEqual({ closed: 0, promoted: 0 });
    expect(await positions(a)).toHaveLength(1);

    // Past the cutoff (still before the cancellation window): the seat stays free.
    await clock.setTime(schedule.startsAt.getTime() - 23 * HOUR);
    const seat = seated[0] as { learner: Learner; bookingId: number };
    expect((await send(seat.learner, 'POST', `cancel-booking/${seat.bookingId}`)).statusCode).toBe(200);
    expect(await bookedOn(schedule.id)).toEqual([]);
    expect((await join(await learner(3), schedule.id)).statusCode).toBe(409);

    expect(await sweep()).toMatchObject({ closed: 2 });
    expect(await positions(a)).toEqual([]);
    expect(await mailsTo(a.email)).toEqual(['waitlist-closed']);
    expect(await mailsTo(b.email)).toEqual(['waitlist-closed']);
    expect(await getBalance(t.db, a.id, new Date(clock.now()))).toBe(3);
    // Once.
    expect(await sweep()).toEqual({ closed: 0, promoted: 0 });
    await clock.setTime(start);
  });

  it('a promotion racing the cutoff sweep never books at or after the cutoff, and books just before it', async () => {
    for (const offset of [0, 1, -1]) {
      const { schedule } = await fullClass(1, { inHours: 48 });
      const waiters = [await learner(3), await learner(3)];
      for (const one of waiters) await join(one, schedule.id);
      const cutoff = schedule.startsAt.getTime() - 24 * HOUR;
      await clock.setTime(cutoff + offset);
      // The capacity raise (promotion in its transaction) and the job's sweep at once, on the class row.
      const [raised] = await Promise.all([raiseCapacity(schedule.id, 3), sweep()]);
      expect(raised.statusCode).toBe(200);
      const seats = await bookedOn(schedule.id);
      if (offset >= 0) {
        expect(seats.filter((id) => waiters.some((one) => one.id === id))).toEqual([]);
        expect(await sweep()).toEqual({ closed: 0, promoted: 0 });
        for (const one of waiters) expect(await mailsTo(one.email)).toEqual(['waitlist-closed']);
      } else {
        expect(seats).toEqual(expect.arrayContaining(waiters.map((one) => one.id)));
      }
      await expectConsistent(
        t.db,
        waiters.map((one) => one.id),
      );
    }
    await clock.setTime(start);
  });

  it('administrators see the queue in order, remove someone, and count waiting learners on the dashboard', async () => {
    const { schedule } = await fullClass(1);
    const [a, b, c] = [await learner(2), await learner(2), await learner(2)];
    for (const one of [a, b, c]) await join(one, schedule.id);
    const queue = (await send(admin, 'GET', `admin-course-schedule/${schedule.id}/waitlist`)).json().data;
    expect(queue.map((row: { user_id: number; position: number }) => [row.user_id, row.position])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 3],
    ]);
    const before = (await send(admin, 'GET', 'admin-dashboard')).json().data.waitlisted;
    expect((await send(admin, 'POST', `admin-waitlist/${queue[1].id}/remove`)).statusCode).toBe(200);
    expect((await send(admin, 'POST', `admin-waitlist/${queue[1].id}/remove`)).statusCode).toBe(404);
    expect(await positions(c)).toEqual([{ schedule_id: schedule.id, position: 2 }]);
    expect((await send(admin, 'GET', 'admin-dashboard')).json().data.waitlisted).toBe(before - 1);
    const page = (await send(admin, 'GET', 'admin-course-schedule')).json().data.data;
    expect(page.find((row: { id: number }) => row.id === schedule.id)?.waitlist_count).toBe(2);

    // A cancelled class closes its waitlist with it.
    expect((await send(admin, 'POST', `admin-course-schedule/${schedule.id}/cancel`)).statusCode).toBe(200);
    expect(await positions(a)).toEqual([]);
    expect(await mailsTo(c.email)).toEqual(['waitlist-closed']);
    // It says why: the school cancelled the class, not that no seat came free in time.
    const [closed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, c.email));
    expect(closed?.text).toContain('The school has cancelled this class, so its waitlist has closed.');
  });

  it('an administrator removing a booking gives the seat to the first in line, and tells the removed learner', async () => {
    const { schedule, seated } = await fullClass(1, { credits: 2 });
    const waiting = await learner(2);
    await join(waiting, schedule.id);
    const removed = seated[0] as { learner: Learner; bookingId: number };
    const answer = await send(admin, 'POST', `admin-booking/${removed.bookingId}/cancel`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('Booking removed. 2 credits were returned to the learner.');
    expect((await send(admin, 'POST', `admin-booking/${removed.bookingId}/cancel`)).statusCode).toBe(409);
    expect((await send(admin, 'POST', 'admin-booking/2000000000/cancel')).statusCode).toBe(404);
    expect(await bookedOn(schedule.id)).toEqual([waiting.id]);
    expect(await getBalance(t.db, removed.learner.id, new Date(clock.now()))).toBe(5);
    expect(await mailsTo(removed.learner.email)).toEqual(['booking-confirmed', 'booking-removed']);
    expect(await mailsTo(waiting.email)).toEqual(['waitlist-promoted']);
    await expectConsistent(t.db, [removed.learner.id, waiting.id]);
  });

  it('booking a free seat directly ends the own place in line', async () => {
    const { schedule } = await fullClass(1);
    const waiting = await learner(3);
    await join(waiting, schedule.id);
    await t.db.update(schedules).set({ noOfUsers: 2 }).where(eq(schedules.id, schedule.id));
    expect((await send(waiting, 'POST', 'book-class', { schedule_id: schedule.id })).statusCode).toBe(200);
    expect(await positions(waiting)).toEqual([]);
  });
});

describe.each(TEST_DATABASE_KINDS)('the waitlist sweep job on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { runJobs: true, waitlistCutoffHours: 24 }, { clock });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('closes the waitlist by itself once the cutoff has passed, and tells the learner', async () => {
    const schedule = await createSchedule(t.db, {
      noOfUsers: 1,
      startsAt: new Date(clock.now() + 24 * HOUR + 60_000),
    });
    const [seated, waiting] = [await createUser(t.db), await createUser(t.db)];
    for (const { user } of [seated, waiting]) {
      await grantCredits(t.db, {
        userId: user.id,
        credits: 2,
        expiresAt: new Date(clock.now() + 90 * DAY),
        source: 'grant',
        reason: 'grant',
      });
    }
    const tokens = await Promise.all(
      [seated, waiting].map(({ user, password }) => signIn(t.app, { email: user.email, password })),
    );
    const call = (token: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token), payload });
    expect((await call(tokens[0] ?? '', 'book-class', { schedule_id: schedule.id })).statusCode).toBe(200);
    expect((await call(tokens[1] ?? '', 'join-waitlist', { schedule_id: schedule.id })).statusCode).toBe(200);

    // Three minutes in small steps: the cutoff passes after the first, the cron sweep runs each minute.
    for (let step = 0; step < 36; step += 1) await clock.tick(5000);
    await eventually(async () => {
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, waiting.user.email));
      return mails.some((mail) => mail.kind === 'waitlist-closed');
    }, 'the sweep to close the waitlist');
    const places = await t.app.inject({ url: '/api/user-waitlist', headers: bearer(tokens[1] ?? '') });
    expect(places.json().data).toEqual([]);
  });
});

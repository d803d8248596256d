import { adminClubPassResponseSchema, userClubPassResponseSchema } from '@tokenly/contract/club-pass';
import { MESSAGES } from '@tokenly/contract/messages';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { bookings } from '../../db/schema/bookings';
import { clubPassEvents } from '../../db/schema/club-passes';
import { creditLedger } from '../../db/schema/credit-ledger';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { payments } from '../../db/schema/payments';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { createCourse, createSchedule, createTokenPlan, createUser } from '../../db/seed/factories';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { call, payByDemoCard, recordOneTime } from '../checkout/checkout-test-kit';
import { getBalance, grantCredits } from '../credits/credit-service';
import { createMailer } from '../mail/mailer';
import { createReminders } from '../reminders/reminders-service';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { schoolWeekOf } from './club-pass-service';

// The Conversation Club pass on both databases: a plan's free month granted once per payment and
// extending a running pass, taken back once when the payment is refunded; club classes booked with the
// pass and never with tokens, within the week's allowance even when many bookings race; a pass ended
// between a booking and its class. Time is the test clock's.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(PARITY_DATABASE_KINDS)('the Club pass on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let clubCourseId: number;
  let fluency: TokenPlanRow;

  /** Signed in for 30 days (remember me): the tests move the clock on by days. */
  async function signedIn(role: 'user' | 'admin' = 'user') {
    const { user, password } = await createUser(t.db, { role });
    const path = role === 'admin' ? '/api/admin-login' : '/api/login';
    return { user, token: await signIn(t.app, { email: user.email, password, remember: true }, path) };
  }

  // An administrator's session lasts hours, not the days the clock moves on: each call signs in anew.
  const adminHeaders = async () => bearer((await signedIn('admin')).token);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    clubCourseId = (await createCourse(t.db, { courseTitle: 'Conversation Club', club: true })).id;
    fluency = await createTokenPlan(t.db, {
      tokenTitle: `Fluency Pack ${Math.random()}`,
      tokenCredit: 16,
      amount: 9000,
      clubMonths: 1,
    });
  });
  afterAll(() => t.close());

  const now = () => new Date(clock.now());
  const passOf = async (token: string) =>
    userClubPassResponseSchema.parse((await call(t.app, token, 'GET', 'user-club-pass')).json()).data;
  const historyOf = (userId: number) =>
    t.db.select().from(clubPassEvents).where(eq(clubPassEvents.userId, userId)).orderBy(clubPassEvents.id);
  const clubClass = (startsAt: Date, noOfUsers = 10) =>
    createSchedule(t.db, { courseId: clubCourseId, startsAt, numberToken: 1, noOfUsers });
  const book = (token: string, scheduleId: number) =>
    call(t.app, token, 'POST', 'book-class', { schedule_id: scheduleId });

  /** A learner who bought the plan by demo card; the payment row. */
  async function buy(learner: { token: string }, plan: TokenPlanRow = fluency) {
    const { paymentId: intentId } = await payByDemoCard(t.app, learner.token, plan);
    const recorded = await recordOneTime(t.app, learner.token, plan, intentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, intentId));
    if (!payment) throw new Error('payment not recorded');
    return { intentId, payment };
  }

  async function learnerWithPass(days: number) {
    const learner = await signedIn();
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-club-pass/${learner.user.id}/grant`,
      headers: await adminHeaders(),
      payload: { days, reason: 'Trial month' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    return learner;
  }

  it('grants a free month once per payment, however often the payment is reported, and extends a running pass', async () => {
    const learner = await signedIn();
    const first = await buy(learner);
    const start = now();
    // The browser reports the same payment again: no second month.
    expect((await recordOneTime(t.app, learner.token, fluency, first.intentId)).statusCode).toBe(200);
    let pass = await passOf(learner.token);
    expect(pass.pass).toMatchObject({
      from: start.toISOString(),
      until: new Date(start.getTime() + 30 * DAY).toISOString(),
      active: true,
      days_left: 30,
      source: { kind: 'plan', plan_title: fluency.tokenTitle },
    });
    expect(pass.sessions_per_week).toBe(3);

    await clock.setTime(clock.now() + 5 * DAY);
    await buy(learner);
    pass = await passOf(learner.token);
    expect(pass.pass?.until).toBe(new Date(start.getTime() + 60 * DAY).toISOString());
    expect(pass.pass?.days_left).toBe(55);
    expect((await historyOf(learner.user.id)).map((row) => [row.kind, row.paymentId])).toEqual([
      ['granted', first.payment.id],
      ['extended', expect.any(Number)],
    ]);
    // The tokens came as always.
    expect(await getBalance(t.db, learner.user.id, now())).toBe(32);
  });

  it('a plan without club months grants no pass', async () => {
    const learner = await signedIn();
    await buy(learner, await createTokenPlan(t.db, { tokenTitle: `Starter ${Math.random()}` }));
    expect((await passOf(learner.token)).pass).toBeNull();
    expect(await historyOf(learner.user.id)).toEqual([]);
  });

  it("a refund takes back the free month's unused days once, and keeps the days lived", async () => {
    const learner = await signedIn();
    const { payment } = await buy(learner);
    const start = now();
    await clock.setTime(clock.now() + 10 * DAY);
    const refund = async (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-payment/${payment.id}/refund`,
        headers: await adminHeaders(),
        payload: { amount, reason: 'Changed their mind' },
      });
    expect((await refund(20)).statusCode).toBe(200);
    const pass = (await passOf(learner.token)).pass;
    expect(pass).toMatchObject({ from: start.toISOString(), until: now().toISOString(), active: false });
    // A second, partial refund of the same payment takes nothing more of the pass.
    await clock.setTime(clock.now() + DAY);
    expect((await refund(10)).statusCode).toBe(200);
    const history = await historyOf(learner.user.id);
    expect(history.map((row) => row.kind)).toEqual(['granted', 'refunded']);
    expect(history[1]).toMatchObject({ paymentId: payment.id, note: 'Changed their mind' });
    expect((history[1]?.untilAt.getTime() ?? 0) - (history[1]?.fromAt.getTime() ?? 0)).toBe(20 * DAY);
  });

  it('books a club class with the pass and never with tokens; without a pass it is refused', async () => {
    const withPass = await learnerWithPass(30);
    const schedule = await clubClass(new Date(clock.now() + 2 * DAY));
    const booked = await book(withPass.token, schedule.id);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ data: { number_token: 0 } });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.userId, withPass.user.id));
    expect(row).toMatchObject({ credits: 0, clubPass: true, status: 'booked' });
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.userId, withPass.user.id))).toEqual(
      [],
    );

    // A learner with tokens but no pass: refused, and the tokens stay.
    const withTokens = await signedIn();
    await grantCredits(t.db, {
      userId: withTokens.user.id,
      credits: 5,
      expiresAt: new Date(clock.now() + 30 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const preview = await call(t.app, withTokens.token, 'GET', `book-class-preview/${schedule.id}`);
    expect(preview.json()).toMatchObject({
      data: { credits: 0, club: { covered: false, pass_until: null, week_allowance: 3 } },
    });
    const refused = await book(withTokens.token, schedule.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.clubPassNeeded });
    expect(await getBalance(t.db, withTokens.user.id, now())).toBe(5);

    // Cancelling frees the seat; nothing is kept, whatever the window.
    const cancelled = await call(t.app, withPass.token, 'POST', `cancel-booking/${row?.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectConsistent(t.db, [withPass.user.id, withTokens.user.id]);
  });

  it('a club class after the pass ends needs a pass, even when one covers the booking day', async () => {
    const learner = await learnerWithPass(3);
    const later = await clubClass(new Date(clock.now() + 5 * DAY));
    expect((await book(learner.token, later.id)).json()).toMatchObject({ message: MESSAGES.clubPassNeeded });
  });

  it('keeps a booking made with the pass when the pass ends before the class; later ones need a pass', async () => {
    const learner = await learnerWithPass(30);
    await grantCredits(t.db, {
      userId: learner.user.id,
      credits: 4,
      expiresAt: new Date(clock.now() + 30 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const first = await clubClass(new Date(clock.now() + 4 * DAY));
    expect((await book(learner.token, first.id)).statusCode).toBe(200);
    const runningPasses = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/admin-dashboard', headers: await adminHeaders() })
      ).json().data.club_passes as number;
    const before = await runningPasses();

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-club-pass/${learner.user.id}/end`,
      headers: await adminHeaders(),
      payload: { reason: 'Account closed at their request' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await runningPasses()).toBe(before - 1);
    const view = adminClubPassResponseSchema.parse(ended.json()).data;
    expect(view.pass).toMatchObject({ active: false, until: now().toISOString() });
    expect(view.history.map((event) => [event.kind, event.note])).toEqual([
      ['ended', 'Account closed at their request'],
      ['granted', 'Trial month'],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'adminUserClubPassEnd'), eq(auditEvents.subjectId, learner.user.id)));
    expect(audit?.reason).toBe('Account closed at their request');

    // The booking made while the pass ran stays; the next club class is refused, tokens untouched.
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.userId, learner.user.id));
    expect(kept).toMatchObject({ scheduleId: first.id, status: 'booked', credits: 0 });
    const second = await clubClass(new Date(clock.now() + 5 * DAY));
    expect((await book(learner.token, second.id)).json()).toMatchObject({ message: MESSAGES.clubPassNeeded });
    expect(await getBalance(t.db, learner.user.id, now())).toBe(4);
    // Ending it again: nothing runs.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-club-pass/${learner.user.id}/end`,
      headers: await adminHeaders(),
      payload: { reason: 'Twice' },
    });
    expect(again.statusCode).toBe(409);
  });

  it("promotes from a club class's waitlist with the pass, never with tokens", async () => {
    const first = await learnerWithPass(30);
    const waiting = await learnerWithPass(30);
    const withTokens = await signedIn();
    await grantCredits(t.db, {
      userId: withTokens.user.id,
      credits: 5,
      expiresAt: new Date(clock.now() + 30 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const full = await clubClass(new Date(clock.now() + 3 * DAY), 1);
    const booked = await book(first.token, full.id);
    expect(booked.statusCode, booked.body).toBe(200);
    const join = (token: string) => call(t.app, token, 'POST', 'join-waitlist', { schedule_id: full.id });
    expect((await join(withTokens.token)).json()).toMatchObject({ message: MESSAGES.clubPassNeeded });
    expect((await join(waiting.token)).statusCode).toBe(200);

    const [held] = await t.db.select().from(bookings).where(eq(bookings.userId, first.user.id));
    expect((await call(t.app, first.token, 'POST', `cancel-booking/${held?.id}`)).statusCode).toBe(200);
    const [promoted] = await t.db.select().from(bookings).where(eq(bookings.userId, waiting.user.id));
    expect(promoted).toMatchObject({ scheduleId: full.id, status: 'booked', credits: 0, clubPass: true });
    expect(await getBalance(t.db, withTokens.user.id, now())).toBe(5);
    await expectConsistent(t.db, [first.user.id, waiting.user.id]);
  });

  it('tells the learner once, three days before the pass ends, and again of a new end after an extension', async () => {
    const learner = await learnerWithPass(10);
    const mailer = createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock });
    const reminders = createReminders(t.db, {
      mailer,
      clock,
      classHours: 24,
      creditExpiryDays: 7,
      settings: createSchoolSettingsService(t.db, { first: firstSchoolSettings(t.config), clock }),
      mail: { appUrl: t.config.appUrl },
    });
    const notices = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'club-pass-ending'), eq(mailOutbox.recipient, learner.user.email)));
    const at = (days: number) => new Date(clock.now() + days * DAY);
    await reminders.sendClubPassEndingNotices(at(6));
    expect(await notices()).toHaveLength(0);
    await reminders.sendClubPassEndingNotices(at(7.5));
    await reminders.sendClubPassEndingNotices(at(8));
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]?.subject).toMatch(/^Your Club pass ends on /);

    // Ten days more: the new end has its own notice.
    const extended = await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-club-pass/${learner.user.id}/grant`,
      headers: await adminHeaders(),
      payload: { days: 10, reason: 'Prize' },
    });
    expect(extended.statusCode).toBe(200);
    await reminders.sendClubPassEndingNotices(at(17.5));
    expect(await notices()).toHaveLength(2);
  });

  it('holds the weekly allowance when many club bookings of one learner race; a cancel frees a place', async () => {
    const learner = await learnerWithPass(60);
    // Ten club classes in one school week, a week from now.
    const week = schoolWeekOf(new Date(clock.now() + 8 * DAY), t.config.timezone);
    const classes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        clubClass(new Date(week.start.getTime() + (index + 1) * 6 * HOUR)),
      ),
    );
    const answers = await Promise.all(classes.map((schedule) => book(learner.token, schedule.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0]?.json()).toMatchObject({ message: MESSAGES.clubWeekFull({ max: 3 }) });
    const active = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, learner.user.id), eq(bookings.status, 'booked')));
    expect(active).toHaveLength(3);

    const [one] = active;
    expect((await call(t.app, learner.token, 'POST', `cancel-booking/${one?.id}`)).statusCode).toBe(200);
    const free = classes.find((schedule) => !active.some((row) => row.scheduleId === schedule.id));
    expect((await book(learner.token, free?.id ?? 0)).statusCode).toBe(200);
    // The next week has its own allowance.
    const nextWeek = await clubClass(new Date(week.end.getTime() + HOUR));
    expect((await book(learner.token, nextWeek.id)).statusCode).toBe(200);
    await expectConsistent(t.db, [learner.user.id]);
  });

  it('adds both of two first grants made at the same moment, none lost', async () => {
    const learner = await signedIn();
    const headers = await adminHeaders();
    const grant = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-user-club-pass/${learner.user.id}/grant`,
        headers,
        payload: { days: 7, reason },
      });
    const answers = await Promise.all([grant('Welcome week'), grant('Apology week')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const pass = await passOf(learner.token);
    expect(pass.pass?.until).toBe(new Date(clock.now() + 14 * DAY).toISOString());
    expect((await historyOf(learner.user.id)).map((event) => event.kind).sort()).toEqual([
      'extended',
      'granted',
    ]);
  });
});

import { bookingPreviewResponseSchema } from '@tokenly/contract/bookings';
import {
  type LevelRule,
  learnerLevelResponseSchema,
  levelSuggestionsResponseSchema,
} from '@tokenly/contract/levels';
import { bookSeriesResponseSchema, seriesBookingPreviewResponseSchema } from '@tokenly/contract/series';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import {
  createBooking,
  createCourse,
  createSchedule,
  createSeries,
  createTeacher,
  createUser,
} from '../../db/seed/factories';
import { adminTestApp, bearer, signIn } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';

// Learners' CEFR levels, their history, and the school's rule for a class outside a learner's level on
// every way into a class: a booking, the waitlist (joining and promotion), and a series.

const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('levels on %s', (kind) => {
  const t = adminTestApp(kind);

  const send = (headers: object, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: headers as Record<string, string>, payload });

  async function setSchool(patch: Record<string, unknown>) {
    const current = (await send(t.admin, 'GET', 'admin-school-settings')).json().data;
    const { updated_at: _updated, ...body } = current;
    const saved = await send(t.admin, 'PUT', 'admin-school-settings', { ...body, ...patch });
    expect(saved.statusCode).toBe(200);
  }
  const setRule = (rule: LevelRule) => setSchool({ level_rule: rule });

  /** A signed-in learner at `level` (a rank, 1 A1 .. 6 C2), with credits. */
  async function learnerAt(level: number | null) {
    const { user, password } = await createUser(t.db, { cefrLevel: level });
    await grantCredits(t.db, {
      userId: user.id,
      credits: 20,
      expiresAt: new Date(Date.now() + 90 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    return { user, headers: bearer(await signIn(t.app, { email: user.email, password })) };
  }

  /** A class of a type for B1–B2. */
  async function intermediateClass(values: { noOfUsers?: number } = {}) {
    const course = await createCourse(t.db, { courseTitle: 'Intermediate Talk', levelMin: 3, levelMax: 4 });
    return createSchedule(t.db, { courseId: course.id, ...values });
  }

  it('records the sign-up answer as A1, B1 or C1, and the administrator’s change with who and why', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Lena Fischer',
        email: 'lena.levels@tokenly.test',
        password: 'Correct-Horse-42',
        password_confirmation: 'Correct-Horse-42',
        level: 2,
      },
    });
    expect(registered.statusCode).toBe(201);
    const { access_token: token, data: user } = registered.json();
    expect(user.cefr_level).toBe('B1');
    const own = learnerLevelResponseSchema.parse((await send(bearer(token), 'GET', 'user-level')).json());
    expect(own.data).toMatchObject({
      level: 'B1',
      history: [{ from_level: null, to_level: 'B1', source: 'sign_up' }],
    });

    const set = await send(t.admin, 'PUT', `admin-user-level/${user.id}`, {
      level: 'A2',
      reason: 'Interview',
    });
    expect(set.statusCode).toBe(200);
    const history = learnerLevelResponseSchema.parse(
      (await send(t.admin, 'GET', `admin-user-level/${user.id}`)).json(),
    ).data.history;
    expect(history[0]).toMatchObject({
      from_level: 'B1',
      to_level: 'A2',
      source: 'admin',
      note: 'Interview',
      changed_by: { name: 'Test Admin' },
    });
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'adminUserLevelSet'), eq(auditEvents.subjectId, user.id)));
    expect(audited?.reason).toBe('Interview');

    // Only learners have a level.
    const adminRow = await createUser(t.db, { role: 'admin' });
    expect(
      (await send(t.admin, 'PUT', `admin-user-level/${adminRow.user.id}`, { level: 'B1' })).statusCode,
    ).toBe(404);
    expect((await send(t.admin, 'PUT', `admin-user-level/${user.id}`, { level: 'D1' })).statusCode).toBe(422);
  });

  it('asks to confirm a class outside the level under "warn", and books it once confirmed', async () => {
    await setRule('warn');
    const { user, headers } = await learnerAt(1);
    const lesson = await intermediateClass();
    const preview = bookingPreviewResponseSchema.parse(
      (await send(headers, 'GET', `book-class-preview/${lesson.id}`)).json(),
    );
    expect(preview.data.level).toEqual({
      level_min: 'B1',
      level_max: 'B2',
      learner_level: 'A1',
      fits: false,
      rule: 'warn',
    });
    const asked = await send(headers, 'POST', 'book-class', { schedule_id: lesson.id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'levelUnconfirmed', values: { range: 'B1–B2', level: 'A1' } });
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);

    const confirmed = await send(headers, 'POST', 'book-class', {
      schedule_id: lesson.id,
      confirm_level: true,
    });
    expect(confirmed.statusCode).toBe(200);

    // At the level, or for all levels, nothing is asked.
    const { headers: b2 } = await learnerAt(4);
    expect(
      (await send(b2, 'POST', 'book-class', { schedule_id: (await intermediateClass()).id })).statusCode,
    ).toBe(200);
    const open = await createSchedule(t.db, { courseId: (await createCourse(t.db)).id });
    expect((await send(headers, 'POST', 'book-class', { schedule_id: open.id })).statusCode).toBe(200);
  });

  it('refuses a class outside the level under "refuse", though an administrator may add the learner', async () => {
    await setRule('refuse');
    const { user, headers } = await learnerAt(6);
    const lesson = await intermediateClass();
    const refused = await send(headers, 'POST', 'book-class', {
      schedule_id: lesson.id,
      confirm_level: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'levelRefused', values: { range: 'B1–B2', level: 'C2' } });

    const added = await send(t.admin, 'POST', `admin-course-schedule/${lesson.id}/roster`, {
      user_id: user.id,
    });
    expect(added.statusCode).toBe(200);

    await setRule('off');
    const { headers: other } = await learnerAt(6);
    expect((await send(other, 'POST', 'book-class', { schedule_id: lesson.id })).statusCode).toBe(200);
  });

  it('applies the rule to joining a waitlist, and passes over a learner outside it when promoting under "refuse"', async () => {
    await setRule('warn');
    const full = await intermediateClass({ noOfUsers: 1 });
    const seated = await learnerAt(3);
    const seat = await send(seated.headers, 'POST', 'book-class', { schedule_id: full.id });
    expect(seat.statusCode).toBe(200);

    const outside = await learnerAt(1);
    const asked = await send(outside.headers, 'POST', 'join-waitlist', { schedule_id: full.id });
    expect(asked.json()).toMatchObject({ code: 'levelUnconfirmed' });
    expect(
      (await send(outside.headers, 'POST', 'join-waitlist', { schedule_id: full.id, confirm_level: true }))
        .statusCode,
    ).toBe(200);
    const inside = await learnerAt(4);
    expect((await send(inside.headers, 'POST', 'join-waitlist', { schedule_id: full.id })).statusCode).toBe(
      200,
    );

    // The school now refuses: the first in line, outside the level, is passed over and keeps waiting.
    await setRule('refuse');
    const cancelled = await send(seated.headers, 'POST', `cancel-booking/${seat.json().data.id}`);
    expect(cancelled.statusCode).toBe(200);
    const entries = await t.db
      .select({ userId: waitlistEntries.userId, status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.scheduleId, full.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { userId: outside.user.id, status: 'waiting' },
        { userId: inside.user.id, status: 'promoted' },
      ]),
    );
  });

  it('asks once for a whole series outside the level, and books it once confirmed', async () => {
    await setRule('warn');
    const course = await createCourse(t.db, { courseTitle: 'Advanced Debate', levelMin: 5, levelMax: 6 });
    const { classes } = await createSeries(t.db, {
      courseId: course.id,
      firstDate: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10),
      weeks: 3,
    });
    const first = classes[0];
    if (!first) throw new Error('the series has classes');
    const { user, headers } = await learnerAt(2);
    const preview = seriesBookingPreviewResponseSchema.parse(
      (await send(headers, 'GET', `book-series-preview/${first.id}`)).json(),
    );
    expect(preview.data.level).toMatchObject({
      level_min: 'C1',
      level_max: 'C2',
      learner_level: 'A2',
      fits: false,
    });

    const asked = await send(headers, 'POST', 'book-series', { schedule_id: first.id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'levelUnconfirmed' });
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);

    const booked = bookSeriesResponseSchema.parse(
      (await send(headers, 'POST', 'book-series', { schedule_id: first.id, confirm_level: true })).json(),
    );
    expect(booked.data.booked).toHaveLength(3);

    await setRule('refuse');
    const { headers: refusedLearner } = await learnerAt(2);
    const refused = await send(refusedLearner, 'POST', 'book-series', {
      schedule_id: first.id,
      confirm_level: true,
    });
    expect(refused.json()).toMatchObject({ code: 'levelRefused' });
    await setRule('warn');
  });

  it("takes a teacher's suggested level to the administrator, who declines it or accepts it (level changed, audited, learner mailed)", async () => {
    const teacher = await createTeacher(t.db, { name: 'Emma Clarke' });
    const other = await createTeacher(t.db);
    const teacherHeaders = bearer(
      await signIn(t.app, { email: teacher.user.email, password: teacher.password }),
    );
    const otherHeaders = bearer(await signIn(t.app, { email: other.user.email, password: other.password }));
    const learner = await learnerAt(3);
    const later = await createSchedule(t.db, {
      teacherId: teacher.user.id,
      startsAt: new Date(Date.now() + DAY),
    });
    const held = await createSchedule(t.db, {
      teacherId: teacher.user.id,
      startsAt: new Date(Date.now() - DAY),
    });
    const laterBooking = await createBooking(t.db, later, { userId: learner.user.id });
    const booking = await createBooking(t.db, held, { userId: learner.user.id });
    const suggest = (headers: object, scheduleId: number, bookingId: number, level: string) =>
      send(headers, 'POST', `teacher-class/${scheduleId}/level-suggestion`, {
        booking_id: bookingId,
        level,
        note: 'Follows fast conversations well.',
      });
    const pending = async () =>
      levelSuggestionsResponseSchema
        .parse((await send(t.admin, 'GET', 'admin-level-suggestions')).json())
        .data.data.filter((row) => row.learner.id === learner.user.id);
    const level = async () =>
      learnerLevelResponseSchema.parse(
        (await send(t.admin, 'GET', `admin-user-level/${learner.user.id}`)).json(),
      ).data;

    // Once the class has started, and only its own teacher.
    expect((await suggest(teacherHeaders, later.id, laterBooking.id, 'B2')).statusCode).toBe(409);
    expect((await suggest(otherHeaders, held.id, booking.id, 'B2')).statusCode).toBe(404);
    expect((await suggest(teacherHeaders, held.id, booking.id, 'C1')).statusCode).toBe(200);
    // A newer suggestion replaces the one waiting.
    const made = await suggest(teacherHeaders, held.id, booking.id, 'B2');
    expect(made.statusCode, made.body).toBe(200);
    expect(await pending()).toEqual([
      expect.objectContaining({
        from_level: 'B1',
        level: 'B2',
        note: 'Follows fast conversations well.',
        suggested_by: { id: teacher.user.id, name: 'Emma Clarke' },
        class: expect.objectContaining({ id: held.id }),
        status: 'pending',
      }),
    ]);

    // Declined: the level stays, and a decided suggestion cannot be decided again.
    const first = made.json().data.id;
    expect((await send(t.admin, 'POST', `admin-level-suggestion/${first}/decline`)).statusCode).toBe(200);
    expect((await send(t.admin, 'POST', `admin-level-suggestion/${first}/accept`)).statusCode).toBe(409);
    expect(await pending()).toEqual([]);
    expect((await level()).level).toBe('B1');

    // Accepted: the level changes as the teacher's, with the note; the audit log and the learner know.
    const again = (await suggest(teacherHeaders, held.id, booking.id, 'B2')).json().data.id;
    const accepted = await send(t.admin, 'POST', `admin-level-suggestion/${again}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', level: 'B2' });
    const after = await level();
    expect(after.level).toBe('B2');
    expect(after.history[0]).toMatchObject({
      from_level: 'B1',
      to_level: 'B2',
      source: 'teacher',
      changed_by: { id: teacher.user.id, name: 'Emma Clarke' },
      note: 'Follows fast conversations well.',
    });
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'adminLevelSuggestionAccept'), eq(auditEvents.subjectId, again)));
    expect(audited).toBeDefined();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'level-changed'), eq(mailOutbox.recipient, learner.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('B2');

    // Where the school lets suggestions apply at once, the teacher's is the change.
    await setSchool({ level_suggestions_at_once: true });
    const atOnce = await suggest(teacherHeaders, held.id, booking.id, 'C1');
    expect(atOnce.statusCode, atOnce.body).toBe(200);
    expect(atOnce.json().data).toMatchObject({ status: 'accepted', level: 'C1' });
    expect(await pending()).toEqual([]);
    expect((await level()).history[0]).toMatchObject({ to_level: 'C1', source: 'teacher' });
    await setSchool({ level_suggestions_at_once: false });
  });

  it('leaves a learner without a level free to book anything', async () => {
    await setRule('refuse');
    const { headers } = await learnerAt(null);
    expect(
      (await send(headers, 'POST', 'book-class', { schedule_id: (await intermediateClass()).id })).statusCode,
    ).toBe(200);
    await setRule('warn');
  });
});

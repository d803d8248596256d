import { authResponseSchema } from '@tokenly/contract/auth';
import { schedulePageResponseSchema } from '@tokenly/contract/schedules';
import {
  ATTENDANCE_EDIT_HOURS,
  attendanceCountsResponseSchema,
  teacherClassDetailsResponseSchema,
  teacherClassesResponseSchema,
  teacherPageResponseSchema,
  teacherResponseSchema,
} from '@tokenly/contract/teachers';
import { studentDetailsResponseSchema } from '@tokenly/contract/users';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import {
  createBooking,
  createCourse,
  createSchedule,
  createTeacher,
  createUser,
} from '../../db/seed/factories';
import { RESPONSE_CACHE_WINDOW_MS } from '../../plugins/response-cache';
import { mailingTestApp } from '../../test/mailing-test-app';
import { bearer, signedInUser, signIn } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { INVITATION_LINK_DAYS } from '../auth/password-reset-service';

// Teachers and attendance: teachers added by administrators and invited by
// mail, their own classes and rosters, and attendance from the start until 48 hours after the end.

const HOUR = 60 * 60 * 1000;
const LINK = /(https?:\/\/[^\s"<>]+\/reset-password\?token=([\w-]+))/;

describe.each(TEST_DATABASE_KINDS)('teachers on %s', (kind) => {
  const { peer, clock, t } = mailingTestApp(kind);
  let admin: { authorization: string };

  beforeAll(async () => {
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
  const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers, ...(payload && { payload }) });

  /** A teacher signed in, with a class of theirs starting `inHours` from the test clock's now. */
  async function teacherWithClass(inHours: number) {
    const teacher = await createTeacher(t.db, { name: 'Emma Clarke' });
    // Remembered (30 days): the tests move the clock days past a class, beyond a 12-hour session.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: teacher.user.email, password: teacher.password, remember: true },
    });
    const token: string = signedIn.json().access_token;
    const schedule = await createSchedule(t.db, {
      teacherId: teacher.user.id,
      startsAt: new Date(clock.now() + inHours * HOUR),
      meetingStart: 'https://meet.example.com/room?host=1',
    });
    return { teacher, headers: bearer(token), schedule };
  }

  it('adds a teacher who is mailed an invitation, and signs in at /login once the password is set', async () => {
    const email = `new-teacher-${kind}@tokenly.test`;
    const created = await send('POST', 'admin-teachers', admin, {
      name: 'Sofia Martinez',
      email,
      bio: 'Pronunciation and business English.',
    });
    expect(created.statusCode).toBe(201);
    const teacher = teacherResponseSchema.parse(created.json()).data;
    expect(teacher).toMatchObject({
      name: 'Sofia Martinez',
      email,
      has_password: false,
      upcoming_classes: 0,
    });
    // No password works before the invitation is taken up.
    const early = await send('POST', 'login', {}, { email, password: '!', remember: false });
    expect(early.statusCode).toBe(401);

    const mail = await peer.mailTo(clock, email);
    expect(mail.parsed.subject).toBe('You are invited to teach at Tokenly English');
    expect(mail.parsed.text).toContain(`within ${INVITATION_LINK_DAYS} days`);
    const [, url = '', token = ''] = LINK.exec(mail.parsed.text ?? '') ?? [];
    expect(url).toMatch(/^https:\/\/english\.example\.com\/reset-password\?token=/);
    const password = 'Teaching is fun 42';
    const set = await send(
      'POST',
      'reset-password',
      {},
      { token, password, password_confirmation: password },
    );
    expect(set.statusCode).toBe(200);

    const login = await send('POST', 'login', {}, { email, password, remember: false });
    expect(login.statusCode).toBe(200);
    expect(authResponseSchema.parse(login.json())).toMatchObject({
      user_role: 'teacher',
      user_type: 'teacher',
    });
    const read = teacherResponseSchema.parse((await get(`admin-teachers/${teacher.id}`, admin)).json()).data;
    expect(read.has_password).toBe(true);
  });

  it('lists, edits and re-invites teachers; an email already registered is a 422', async () => {
    const { user } = await createTeacher(t.db, { name: 'Aaron First' });
    const list = teacherPageResponseSchema.parse((await get('admin-teachers?page=1', admin)).json()).data;
    expect(list.data.map((row) => row.name)).toContain('Aaron First');
    const options = (await get('admin-teachers-list', admin)).json<{
      data: { id: number; name: string }[];
    }>();
    expect(options.data).toContainEqual({ id: user.id, name: 'Aaron First' });

    const edited = await send('PUT', `admin-teachers/${user.id}`, admin, {
      name: 'Aaron Renamed',
      email: `aaron-${kind}@tokenly.test`,
      bio: '',
    });
    expect(teacherResponseSchema.parse(edited.json()).data).toMatchObject({
      name: 'Aaron Renamed',
      bio: null,
    });
    const learner = (await createUser(t.db)).user;
    const taken = await send('PUT', `admin-teachers/${user.id}`, admin, {
      name: 'Aaron',
      email: learner.email,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('email');
    // Only teachers: a learner's id is no teacher.
    expect((await get(`admin-teachers/${learner.id}`, admin)).statusCode).toBe(404);

    const before = peer.received.length;
    expect((await send('POST', `admin-teachers/${user.id}/invite`, admin)).statusCode).toBe(200);
    await peer.mailTo(clock, `aaron-${kind}@tokenly.test`, { after: before });
  });

  it("shows a teacher their own classes and roster only; another teacher's class is a 404", async () => {
    const { headers, schedule } = await teacherWithClass(24);
    const other = await teacherWithClass(48);
    const learner = await createUser(t.db, { name: 'Ana Learner', level: 3 });
    await createBooking(t.db, schedule, { userId: learner.user.id });

    const classes = teacherClassesResponseSchema.parse((await get('teacher-classes', headers)).json()).data;
    expect(classes.upcoming).toEqual([
      {
        id: schedule.id,
        title: schedule.title,
        course_title: 'Core Flex', // createSchedule's own class type
        starts_at: schedule.startsAt.toISOString(),
        ends_at: new Date(schedule.startsAt.getTime() + schedule.durationMin * 60_000).toISOString(),
        status: 'scheduled',
        seats_taken: 1,
        no_of_users: schedule.noOfUsers,
      },
    ]);

    const own = await get(`teacher-class/${schedule.id}`, headers);
    expect(own.statusCode).toBe(200);
    const details = teacherClassDetailsResponseSchema.parse(own.json()).data;
    // The list and the class's page say the same of it.
    expect(details).toMatchObject(classes.upcoming[0] ?? {});
    expect(details.meeting_start).toBe('https://meet.example.com/room?host=1');
    expect(details.roster).toEqual([
      expect.objectContaining({ name: 'Ana Learner', level: 3, attendance: null }),
    ]);
    expect(details.attendance_open).toBe(false);
    // Never the learners' emails or anything about payments.
    expect(own.body).not.toContain(learner.user.email);
    expect(own.body).not.toMatch(/payment|credit|amount/i);

    // The admin's list filters by teacher.
    const listed = await get(`admin-course-schedule?teacher_id=${other.teacher.user.id}`, admin);
    expect(schedulePageResponseSchema.parse(listed.json()).data.data.map((row) => row.id)).toEqual([
      other.schedule.id,
    ]);

    expect((await get(`teacher-class/${other.schedule.id}`, headers)).statusCode).toBe(404);
    const cross = await send('PUT', `teacher-class/${other.schedule.id}/attendance`, headers, {
      booking_id: 1,
      status: 'attended',
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lists the next 100 classes and the last 100 of the recent days; a class starting now is upcoming', async () => {
    const { headers, schedule: first } = await teacherWithClass(1);
    const teacherId = first.teacherId ?? 0;
    const { id: courseId } = await createCourse(t.db);
    const now = clock.now();
    const at = (ms: number, values: { status?: 'cancelled' } = {}) =>
      createSchedule(t.db, { teacherId, courseId, startsAt: new Date(ms), ...values });
    // The dashboard's recent days: attendance stays open ATTENDANCE_EDIT_HOURS after a class, plus a day.
    const recentFrom = now - (ATTENDANCE_EDIT_HOURS + 24) * HOUR;
    await at(recentFrom - 1000); // before the recent days: in neither list
    const oldestRecent = await at(recentFrom);
    const startingNow = await at(now);
    const cancelled = await at(now - 1000, { status: 'cancelled' });
    // Two at the same time, each side: the one created first comes first, as in the past.
    const twins = [await at(now + 2 * HOUR), await at(now + 2 * HOUR)];
    const pastTwins = [await at(now - 2 * HOUR), await at(now - 2 * HOUR)];
    // 100 more on each side, so each list is cut at 100.
    for (let i = 1; i <= 100; i++) {
      await at(now + 2 * HOUR + i * 60_000);
      await at(now - 3 * HOUR - i * 60_000);
    }

    const classes = teacherClassesResponseSchema.parse((await get('teacher-classes', headers)).json()).data;
    expect(classes.upcoming).toHaveLength(100);
    expect(classes.recent).toHaveLength(100);
    expect(classes.upcoming.slice(0, 4).map((row) => row.id)).toEqual([
      startingNow.id,
      first.id,
      ...twins.map((row) => row.id),
    ]);
    expect(classes.recent.slice(0, 3).map((row) => row.id)).toEqual([
      cancelled.id,
      ...pastTwins.map((row) => row.id),
    ]);
    expect(classes.recent[0]?.status).toBe('cancelled');
    const starts = (rows: { starts_at: string }[]) => rows.map((row) => Date.parse(row.starts_at));
    expect(starts(classes.upcoming)).toEqual(starts(classes.upcoming).toSorted((a, b) => a - b));
    expect(starts(classes.recent)).toEqual(starts(classes.recent).toSorted((a, b) => b - a));
    // The latest 100 of 104 recent classes: the first of the recent days is cut.
    expect(classes.recent.map((row) => row.id)).not.toContain(oldestRecent.id);
  });

  it("counts a teacher's own scheduled classes still to come, by the app's clock; a new teacher has none", async () => {
    const { user: fresh } = await createTeacher(t.db, { name: 'Nadia New' });
    const { user: busy } = await createTeacher(t.db, { name: 'Bruno Busy' });
    const { id: courseId } = await createCourse(t.db);
    // The app's clock, not the machine's: a class the machine thinks is over is still to come.
    const now = clock.now() - 30 * 24 * HOUR;
    await clock.setTime(now);
    const at = (hours: number, values: { status?: 'cancelled'; teacherId?: number } = {}) =>
      createSchedule(t.db, {
        teacherId: busy.id,
        courseId,
        startsAt: new Date(now + hours * HOUR),
        ...values,
      });
    await at(1);
    await at(24 * 7);
    await at(2, { status: 'cancelled' });
    await at(-1);
    await at(3, { teacherId: fresh.id, status: 'cancelled' });

    const upcoming = async (id: number) =>
      teacherResponseSchema.parse((await get(`admin-teachers/${id}`, admin)).json()).data.upcoming_classes;
    expect(await upcoming(fresh.id)).toBe(0);
    expect(await upcoming(busy.id)).toBe(2);
    const list = teacherPageResponseSchema.parse((await get('admin-teachers?page=1', admin)).json()).data;
    const listed = (id: number) => list.data.find((row) => row.id === id)?.upcoming_classes;
    expect([listed(fresh.id), listed(busy.id)]).toEqual([0, 2]);

    // An hour on, the first class has started.
    await clock.setTime(now + 1 * HOUR);
    expect(await upcoming(busy.id)).toBe(1);
  });

  it('answers 403 to a teacher on admin and learner calls', async () => {
    const { headers } = await teacherWithClass(24);
    for (const url of ['admin-dashboard', 'admin-teachers', 'get-user-token', 'user-course-schedule']) {
      expect((await get(url, headers)).statusCode, url).toBe(403);
    }
  });

  it('records attendance from the start until 48 hours after the end, with who and when', async () => {
    const { teacher, headers, schedule } = await teacherWithClass(1);
    const learner = await createUser(t.db, { name: 'Ben Learner' });
    const booking = await createBooking(t.db, schedule, { userId: learner.user.id });
    const mark = (status: 'attended' | 'no_show', bookingId = booking.id) =>
      send('PUT', `teacher-class/${schedule.id}/attendance`, headers, { booking_id: bookingId, status });

    const early = await mark('attended');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Attendance can be marked once the class has started.');

    await clock.setTime(schedule.startsAt.getTime());
    const marked = await mark('attended');
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ booking_id: booking.id, attendance: 'attended' });
    // A booking of another class is not on this roster.
    const stranger = await createSchedule(t.db, { startsAt: schedule.startsAt });
    const elsewhere = await createBooking(t.db, stranger, { userId: learner.user.id });
    expect((await mark('attended', elsewhere.id)).statusCode).toBe(404);

    const end = schedule.startsAt.getTime() + schedule.durationMin * 60_000;
    await clock.setTime(end + ATTENDANCE_EDIT_HOURS * HOUR);
    expect((await mark('no_show')).statusCode).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      attendance: 'no_show',
      attendanceMarkedBy: teacher.user.id,
      attendanceMarkedAt: new Date(end + ATTENDANCE_EDIT_HOURS * HOUR),
    });

    await clock.setTime(end + ATTENDANCE_EDIT_HOURS * HOUR + 1000);
    const late = await mark('attended');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/no longer be changed/);
    const details = teacherClassDetailsResponseSchema.parse(
      (await get(`teacher-class/${schedule.id}`, headers)).json(),
    ).data;
    expect(details.attendance_open).toBe(false);
    expect(details.roster[0]?.attendance).toBe('no_show');

    // The admin's student page and the learner's own counts.
    const student = studentDetailsResponseSchema.parse(
      (await get(`admin-student/${learner.user.id}`, admin)).json(),
    ).data;
    expect(student.attendance).toMatchObject({ attended: 0, no_show: 1 });
    expect(student.attendance.history).toEqual([
      expect.objectContaining({
        booking_id: booking.id,
        status: 'no_show',
        teacher_name: 'Emma Clarke',
        marked_by: 'Emma Clarke',
      }),
    ]);
    expect(student.bookings.find((b) => b.id === booking.id)?.attendance).toBe('no_show');
    const own = await signIn(t.app, { email: learner.user.email, password: learner.password });
    const counts = attendanceCountsResponseSchema.parse((await get('user-attendance', bearer(own))).json());
    expect(counts.data).toEqual({ attended: 0, no_show: 1, late_cancel: 0 });
  });

  it('counts real teachers on the admin dashboard', async () => {
    const before = (await get('admin-dashboard', admin)).json().data.active_teachers as number;
    await createTeacher(t.db);
    await createTeacher(t.db, { disabledAt: new Date() });
    // Written past the API, as another process would: the dashboard shows it from the next window.
    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);
    expect((await get('admin-dashboard', admin)).json().data.active_teachers).toBe(before + 1);
  });
});

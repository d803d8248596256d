import { schedulePageResponseSchema, scheduleResponseSchema } from '@tokenly/contract/schedules';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { schedules } from '../../db/schema/schedules';
import { createCourse, createSchedule, createTeacher, createUser } from '../../db/seed/factories';
import { RESPONSE_CACHE_WINDOW_MS } from '../../plugins/response-cache';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { updateScheduleWithinCapacity } from './schedules-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe.each(TEST_DATABASE_KINDS)('schedule calls on %s', (kind) => {
  const t = adminTestApp(kind);

  const validBody = (courseId: number) => ({
    course_id: courseId,
    title: 'Job Interviews',
    no_of_users: 6,
    date: inDays(3).toISOString(),
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, t.learnerToken, [
      { method: 'GET', url: '/api/admin-course-schedule' },
      { method: 'GET', url: '/api/admin-course-schedule/1' },
      { method: 'POST', url: '/api/admin-course-schedule', payload: validBody(1) },
      { method: 'PUT', url: '/api/admin-course-schedule/1', payload: validBody(1) },
    ]);
  });

  it('schedules a class with the type as `id` and the type credits by default', async () => {
    const course = await createCourse(t.db, {
      courseTitle: 'Core Flex Plus',
      numberToken: 2,
      courseColor: '#9B51E0',
    });
    const date = '2099-05-04T09:30:00+02:00';
    const teacher = (await createTeacher(t.db, { name: 'Emma Clarke' })).user;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin-course-schedule',
      headers: t.admin,
      payload: {
        id: course.id,
        title: 'Fluency Coaching',
        no_of_users: '4',
        date,
        meeting_link: 'https://meet.example.com/room',
        meeting_start: 'https://meet.example.com/room?host=1',
        teacher_id: teacher.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const { data } = scheduleResponseSchema.parse(response.json());
    expect(data).toEqual({
      id: data.id,
      course_id: course.id,
      course: { course_title: 'Core Flex Plus', course_color: '#9B51E0' },
      title: 'Fluency Coaching',
      schedule_time: '2099-05-04T07:30:00.000Z',
      no_of_users: 4,
      seats_taken: 0,
      waitlist_count: 0,
      number_token: 2,
      meeting_link: 'https://meet.example.com/room',
      meeting_start: 'https://meet.example.com/room?host=1',
      teacher_id: teacher.id,
      teacher_name: 'Emma Clarke',
      status: 'scheduled',
      series_id: null,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin-course-schedule/${data.id}`,
      headers: t.admin,
    });
    expect(scheduleResponseSchema.parse(read.json()).data).toEqual(data);
  });

  it('refuses a past date on add, an unknown or inactive type, and bad fields, per field', async () => {
    const course = await createCourse(t.db);
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/admin-course-schedule',
      headers: t.admin,
      payload: { ...validBody(course.id), date: inDays(-1).toISOString() },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ date: ['Choose a date and time in the future.'] });

    const inactive = await createCourse(t.db, { status: '0' });
    for (const courseId of [inactive.id, 999_999]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin-course-schedule',
        headers: t.admin,
        payload: validBody(courseId),
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['course_id']);
    }

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin-course-schedule',
      headers: t.admin,
      payload: {
        title: ' ',
        no_of_users: -3,
        date: 'tomorrow',
        token: 0,
        meeting_link: 'javascript:alert(1)',
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'course_id',
      'date',
      'meeting_link',
      'no_of_users',
      'title',
      'token',
    ]);
    expect(bad.json().errors.no_of_users).toEqual(['No of users must be at least 1.']);
    // The number's own message, also where '' and null are allowed besides numbers.
    expect(bad.json().errors.token).toEqual(['Credits must be at least 1.']);
  });

  it('refuses a date outside the years 2000 to 2999 on add and edit, naming the field', async () => {
    const schedule = await createSchedule(t.db);
    for (const date of ['9999-12-31T23:59:59Z', '3000-01-01T00:00:00+14:00', '1999-12-31T23:59:59Z']) {
      for (const request of [
        { method: 'POST' as const, url: '/api/admin-course-schedule' },
        { method: 'PUT' as const, url: `/api/admin-course-schedule/${schedule.id}` },
      ]) {
        const response = await t.app.inject({
          ...request,
          headers: t.admin,
          payload: { ...validBody(schedule.courseId), date },
        });
        expect(response.statusCode, `${request.method} ${date}`).toBe(422);
        expect(response.json().errors).toEqual({ date: ['Use a year from 2000 to 2999.'] });
      }
    }
    const edge = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-course-schedule/${schedule.id}`,
      headers: t.admin,
      payload: { ...validBody(schedule.courseId), date: '2999-12-31T23:59:00-12:00' },
    });
    expect(edge.statusCode).toBe(200);
    expect(scheduleResponseSchema.parse(edge.json()).data.schedule_time).toBe('3000-01-01T11:59:00.000Z');
  });

  it('edits a class, past dates allowed, keeping its credits when token is left out', async () => {
    const schedule = await createSchedule(t.db, { numberToken: 3 });
    const other = await createCourse(t.db, { courseTitle: 'Conversation Club' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-course-schedule/${schedule.id}`,
      headers: t.admin,
      payload: { ...validBody(other.id), date: '2020-01-01T10:00:00Z', teacher_id: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(scheduleResponseSchema.parse(response.json()).data).toMatchObject({
      course_id: other.id,
      course: { course_title: 'Conversation Club' },
      schedule_time: '2020-01-01T10:00:00.000Z',
      number_token: 3,
      no_of_users: 6,
      teacher_id: null,
      teacher_name: null,
    });
  });

  it('assigns only a teacher account', async () => {
    const course = await createCourse(t.db);
    const learner = (await createUser(t.db)).user;
    for (const teacherId of [learner.id, 2_000_000]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin-course-schedule',
        headers: t.admin,
        payload: { ...validBody(course.id), teacher_id: teacherId },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ teacher_id: ['Choose an existing teacher.'] });
    }
  });

  it('never sets the capacity below the seats taken', async () => {
    const schedule = await createSchedule(t.db, { noOfUsers: 8 });
    await t.db.update(schedules).set({ seatsTaken: 5 }).where(eq(schedules.id, schedule.id));
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-course-schedule/${schedule.id}`,
      headers: t.admin,
      payload: { ...validBody(schedule.courseId), no_of_users: 4 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      no_of_users: ['No of users cannot be below the 5 seats already booked.'],
    });
    const exact = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-course-schedule/${schedule.id}`,
      headers: t.admin,
      payload: { ...validBody(schedule.courseId), no_of_users: 5 },
    });
    expect(exact.statusCode).toBe(200);
  });

  it('writes a capacity only while the seats taken fit, in the same statement', async () => {
    const schedule = await createSchedule(t.db, { noOfUsers: 8 });
    const values = {
      courseId: schedule.courseId,
      title: schedule.title,
      startsAt: schedule.startsAt,
      noOfUsers: 3,
      numberToken: 1,
      meetingLink: null,
      meetingStart: null,
      teacherId: null,
    };
    // A booking lands after the service's check: the write must not go through.
    await t.db.update(schedules).set({ seatsTaken: 4 }).where(eq(schedules.id, schedule.id));
    expect(await updateScheduleWithinCapacity(t.db, schedule.id, values)).toBeUndefined();
    expect(await updateScheduleWithinCapacity(t.db, schedule.id, { ...values, noOfUsers: 4 })).toMatchObject({
      noOfUsers: 4,
      seatsTaken: 4,
    });
  });

  it('answers 404 for an unknown class', async () => {
    const course = await createCourse(t.db);
    for (const request of [
      { method: 'GET' as const, url: '/api/admin-course-schedule/999999' },
      { method: 'PUT' as const, url: '/api/admin-course-schedule/999999', payload: validBody(course.id) },
    ]) {
      const response = await t.app.inject({ ...request, headers: t.admin });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This class does not exist.');
    }
  });

  it('pages 15 at a time, upcoming classes first, soonest first', async () => {
    const course = await createCourse(t.db);
    for (let index = 0; index < 16; index += 1) {
      await createSchedule(t.db, { courseId: course.id, startsAt: inDays(200 - index) });
    }
    const past = await createSchedule(t.db, { courseId: course.id, startsAt: inDays(-2) });
    const first = schedulePageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-course-schedule', headers: t.admin })).json(),
    ).data;
    expect(first.current_page).toBe(1);
    expect(first.per_page).toBe(15);
    expect(first.data).toHaveLength(15);
    const times = first.data.map((row) => row.schedule_time);
    expect(times).toEqual([...times].sort());
    const last = schedulePageResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin-course-schedule?page=${first.last_page}`,
          headers: t.admin,
        })
      ).json(),
    ).data;
    expect(last.data.map((row) => row.id)).toContain(past.id);
  });
});

// The list's order is read once per window and shared by its pages (docs/decisions/019).
describe.each(TEST_DATABASE_KINDS)('the schedule list read from its shared order on %s', (kind) => {
  // Years ahead of the classes other tests of this database schedule with the wall clock.
  const clock = new TestClock(Date.parse('2043-05-10T12:00:00Z'));
  const t = adminTestApp(kind, { clock });
  const at = (days: number) => new Date(clock.now() + days * DAY_MS);
  const page = async (courseId: number, number: number) =>
    schedulePageResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin-course-schedule?course_id=${courseId}&page=${number}`,
          headers: t.admin,
        })
      ).json(),
    ).data;

  it('runs from the classes to come on into the past ones, and leaves out one deleted meanwhile', async () => {
    const course = await createCourse(t.db);
    const upcoming = [];
    for (let days = 1; days <= 14; days += 1)
      upcoming.push(await createSchedule(t.db, { courseId: course.id, startsAt: at(days) }));
    const past = [];
    for (let days = 1; days <= 3; days += 1)
      past.push(await createSchedule(t.db, { courseId: course.id, startsAt: at(-days) }));

    const first = await page(course.id, 1);
    expect(first.total).toBe(17);
    expect(first.last_page).toBe(2);
    expect(first.data.map((row) => row.id)).toEqual([...upcoming, past[0]].map((row) => row?.id));

    // Deleted behind the app's back once the order was read: page 2, read from that order, leaves it out...
    await t.db.delete(schedules).where(eq(schedules.id, past[1]?.id ?? 0));
    const meanwhile = await page(course.id, 2);
    expect(meanwhile.total).toBe(17);
    expect(meanwhile.data.map((row) => row.id)).toEqual([past[2]?.id]);
    // ...and the next window's order no longer counts it.
    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);
    const next = await page(course.id, 2);
    expect(next.total).toBe(16);
    expect(next.data.map((row) => row.id)).toEqual([past[2]?.id]);
  });
});

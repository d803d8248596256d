import { describe, expect, it } from 'vitest';
import { MAX_CLASS_MINUTES } from '../../db/schema/schedules';
import { createCourse, createSchedule, createTeacher } from '../../db/seed/factories';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// A teacher is in one class at a time: each way of scheduling refuses an overlap with a 409 that names
// the class already there, unless the administrator confirms; cancelled classes never clash.

const TUESDAY_10 = new Date('2099-12-01T10:00:00Z');
const CLASH = 'James Patel teaches Vocabulary Builder on Tue 1 Dec, 10:00–10:50.';

describe.each(TEST_DATABASE_KINDS)('teacher clashes on %s', (kind) => {
  const t = adminTestApp(kind);

  /** A teacher with a class on Tuesday 1 December 2099 at 10:00 UTC (the test school's zone). */
  async function busyTeacher(values: { status?: 'scheduled' | 'cancelled' } = {}) {
    const { user: teacher } = await createTeacher(t.db, { name: 'James Patel' });
    const course = await createCourse(t.db);
    const taken = await createSchedule(t.db, {
      courseId: course.id,
      title: 'Vocabulary Builder',
      startsAt: TUESDAY_10,
      teacherId: teacher.id,
      ...values,
    });
    return { teacher, course, taken };
  }

  const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/${url}`, headers: t.admin, payload });

  function expectClash(response: Awaited<ReturnType<typeof send>>) {
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toContain(CLASH);
    expect(body.errors.allow_teacher_clash?.[0]).toContain(CLASH);
  }

  const classBody = (courseId: number, teacherId: number, date: Date) => ({
    course_id: courseId,
    title: 'Clash Test',
    no_of_users: 6,
    date: date.toISOString(),
    teacher_id: teacherId,
  });

  it('refuses a single class over another of the teacher, and saves it when confirmed', async () => {
    const { teacher, course } = await busyTeacher();
    // 10:30 overlaps the 50-minute class from 10:00; 10:50 starts as it ends and is free.
    const body = classBody(course.id, teacher.id, new Date('2099-12-01T10:30:00Z'));
    expectClash(await send('POST', 'admin-course-schedule', body));
    const next = await send('POST', 'admin-course-schedule', {
      ...body,
      date: '2099-12-01T10:50:00Z',
    });
    expect(next.statusCode).toBe(201);
    const confirmed = await send('POST', 'admin-course-schedule', { ...body, allow_teacher_clash: true });
    expect(confirmed.statusCode).toBe(201);
  });

  it('finds a class of the longest length allowed from the day before, to the minute, and refuses a longer one', async () => {
    const { user: teacher } = await createTeacher(t.db, { name: 'James Patel' });
    const course = await createCourse(t.db);
    const dayLong = (startsAt: string) =>
      createSchedule(t.db, {
        courseId: course.id,
        title: 'Vocabulary Builder',
        startsAt: new Date(startsAt),
        durationMin: MAX_CLASS_MINUTES,
        teacherId: teacher.id,
      });
    const at1030 = () =>
      send(
        'POST',
        'admin-course-schedule',
        classBody(course.id, teacher.id, new Date('2099-12-01T10:30:00Z')),
      );
    // A whole day from 10:30 the day before ends as the new class starts: no clash.
    await dayLong('2099-11-30T10:30:00Z');
    const free = await at1030();
    expect(free.statusCode, free.body).toBe(201);
    // From 10:31, it ends a minute into it.
    await dayLong('2099-11-30T10:31:00Z');
    const clash = await at1030();
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json<{ message: string }>().message).toContain('James Patel teaches Vocabulary Builder');
    await expect(
      createSchedule(t.db, { courseId: course.id, durationMin: MAX_CLASS_MINUTES + 1 }),
    ).rejects.toMatchObject({ cause: { constraint: 'schedules_duration_check' } });
  });

  it('lets a cancelled class free its teacher', async () => {
    const { teacher, course } = await busyTeacher({ status: 'cancelled' });
    const response = await send(
      'POST',
      'admin-course-schedule',
      classBody(course.id, teacher.id, TUESDAY_10),
    );
    expect(response.statusCode).toBe(201);
  });

  it('refuses moving a class or giving it a busy teacher, but not an edit of anything else', async () => {
    const { teacher, course } = await busyTeacher();
    const other = await createTeacher(t.db, { name: 'Emma Clarke' });
    const mine = await createSchedule(t.db, {
      courseId: course.id,
      startsAt: new Date('2099-12-01T12:00:00Z'),
      teacherId: teacher.id,
    });
    const url = `admin-course-schedule/${mine.id}`;
    expectClash(await send('PUT', url, classBody(course.id, teacher.id, TUESDAY_10)));
    // Emma's class at 10:00 given to James.
    const emmas = await createSchedule(t.db, {
      courseId: course.id,
      startsAt: TUESDAY_10,
      teacherId: other.user.id,
    });
    expectClash(
      await send('PUT', `admin-course-schedule/${emmas.id}`, classBody(course.id, teacher.id, TUESDAY_10)),
    );
    // The class already at 10:00 keeps its own teacher and time: a new title is no clash with itself.
    const renamed = await send('PUT', url, {
      ...classBody(course.id, teacher.id, mine.startsAt),
      title: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const confirmed = await send('PUT', url, {
      ...classBody(course.id, teacher.id, TUESDAY_10),
      allow_teacher_clash: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ data: { schedule_time: string } }>().data.schedule_time).toBe(
      TUESDAY_10.toISOString(),
    );
  });

  it('refuses a series with one class over the teacher’s, and saves every class when confirmed', async () => {
    const { teacher, course } = await busyTeacher();
    const body = {
      ...classBody(course.id, teacher.id, TUESDAY_10),
      weekdays: [2],
      start_time: '10:15',
      first_date: '2099-11-17',
      weeks: 4,
    };
    expectClash(await send('POST', 'admin-class-series', body));
    const confirmed = await send('POST', 'admin-class-series', { ...body, allow_teacher_clash: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json<{ data: { created: number } }>().data.created).toBe(4);
  });

  it('refuses "this and following" that moves a series onto the teacher’s class', async () => {
    const { teacher, course } = await busyTeacher();
    const series = await send('POST', 'admin-class-series', {
      ...classBody(course.id, teacher.id, TUESDAY_10),
      weekdays: [2],
      start_time: '14:00',
      first_date: '2099-11-17',
      weeks: 4,
    });
    expect(series.statusCode).toBe(201);
    const seriesId = series.json<{ data: { id: number } }>().data.id;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin-course-schedule?series_id=${seriesId}`,
      headers: t.admin,
    });
    const [first] = list.json<{ data: { data: { id: number }[] } }>().data.data;
    if (!first) throw new Error('the series has no class');
    // The first class moved to 10:00 on its own day: its following ones move to 10:00 too, 1 Dec among them.
    const url = `admin-course-schedule/${first.id}/following`;
    const moved = classBody(course.id, teacher.id, new Date('2099-11-17T10:00:00Z'));
    expectClash(await send('PUT', url, moved));
    const confirmed = await send('PUT', url, { ...moved, allow_teacher_clash: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ data: { updated: number } }>().data.updated).toBe(4);
  });
});

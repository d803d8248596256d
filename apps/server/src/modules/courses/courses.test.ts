import { calendarClassListResponseSchema } from '@tokenly/contract/bookings';
import {
  courseListResponseSchema,
  coursePageResponseSchema,
  courseResponseSchema,
} from '@tokenly/contract/courses';
import { describe, expect, it } from 'vitest';
import { createCourse, createSchedule } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('class type calls on %s', (kind) => {
  const t = adminTestApp(kind);

  it('is for admins only', async () => {
    const body = { course_title: 'X', status: '1', token: 1 };
    await expectAdminOnly(t, t.learnerToken, [
      { method: 'GET', url: '/api/admin-courses' },
      { method: 'GET', url: '/api/admin-courses?page=1' },
      { method: 'GET', url: '/api/admin-courses/1' },
      { method: 'GET', url: '/api/admin-courses-list' },
      { method: 'POST', url: '/api/admin-courses', payload: body },
      { method: 'PUT', url: '/api/admin-courses/1', payload: body },
    ]);
  });

  it('adds a type with SPEC.md form names and reads it back', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-courses',
      headers: t.admin,
      payload: { course_title: '  Business English ', status: '1', color: '#aa00ff', token: '2' },
    });
    expect(created.statusCode).toBe(201);
    const { data } = courseResponseSchema.parse(created.json());
    expect(data).toEqual({
      id: data.id,
      course_title: 'Business English',
      course_color: '#AA00FF',
      status: '1',
      number_token: 2,
      level_min: null,
      level_max: null,
      description: null,
      level_range: null,
      format: null,
      site_tab: null,
      club: false,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin-courses/${data.id}`,
      headers: t.admin,
    });
    expect(courseResponseSchema.parse(read.json()).data).toEqual(data);
  });

  it('accepts the stored names and a numeric status, and Inactive is 0', async () => {
    const course = await createCourse(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-courses/${course.id}`,
      headers: t.admin,
      payload: { course_title: 'Renamed', status: 0, course_color: '#123456', number_token: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(courseResponseSchema.parse(response.json()).data).toMatchObject({
      course_title: 'Renamed',
      status: '0',
      course_color: '#123456',
      number_token: 3,
    });
    const active = courseListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-courses-list', headers: t.admin })).json(),
    );
    expect(active.data.map((type) => type.id)).not.toContain(course.id);
  });

  it("takes SPEC.md section 7's `title` for course_title on add and edit", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-courses',
      headers: t.admin,
      payload: { title: 'Exam Prep', status: '1', color: '#12AB34', token: 2 },
    });
    expect(created.statusCode).toBe(201);
    const { data } = courseResponseSchema.parse(created.json());
    expect(data).toMatchObject({ course_title: 'Exam Prep', course_color: '#12AB34', number_token: 2 });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-courses/${data.id}`,
      headers: t.admin,
      payload: { title: 'Exam Prep Plus', status: '1', token: 2 },
    });
    expect(edited.statusCode).toBe(200);
    expect(courseResponseSchema.parse(edited.json()).data.course_title).toBe('Exam Prep Plus');

    // Both names: course_title wins, as with the other aliases. Neither: the form's message.
    const both = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-courses/${data.id}`,
      headers: t.admin,
      payload: { course_title: 'Main Name', title: 'Alias', status: '1', token: 2 },
    });
    expect(courseResponseSchema.parse(both.json()).data.course_title).toBe('Main Name');
    const neither = await t.app.inject({
      method: 'POST',
      url: '/api/admin-courses',
      headers: t.admin,
      payload: { status: '1', token: 2 },
    });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toEqual({ course_title: ['Title is required.'] });
  });

  it('keeps a CEFR range and a description, left alone when a save omits them, cleared with ""', async () => {
    const save = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/${url}`, headers: t.admin, payload });
    const base = { course_title: 'Job Interviews', status: '1', token: 2 };
    const created = await save('POST', 'admin-courses', {
      ...base,
      level_min: 'C1',
      level_max: 'C2',
      description: '  Practise the questions you will be asked.  ',
    });
    expect(created.statusCode).toBe(201);
    const course = courseResponseSchema.parse(created.json()).data;
    expect(course).toMatchObject({
      level_min: 'C1',
      level_max: 'C2',
      description: 'Practise the questions you will be asked.',
    });

    // The timetable reads them from the calendar feed.
    const lesson = await createSchedule(t.db, { courseId: course.id });
    const day = lesson.startsAt.toISOString().slice(0, 10);
    const feed = await t.app.inject({
      method: 'GET',
      url: `/api/calendar-schedules?from=${day}&to=${day}&tz=UTC`,
    });
    expect(
      calendarClassListResponseSchema.parse(feed.json()).data.find((found) => found.id === lesson.id),
    ).toMatchObject({ level_min: 'C1', level_max: 'C2', course_description: course.description });

    // A SPEC.md client's edit sends neither field: both stay.
    const kept = await save('PUT', `admin-courses/${course.id}`, { ...base, token: 3 });
    expect(courseResponseSchema.parse(kept.json()).data).toMatchObject({
      level_min: 'C1',
      level_max: 'C2',
      number_token: 3,
    });
    expect(courseResponseSchema.parse(kept.json()).data.description).toBe(course.description);

    const cleared = await save('PUT', `admin-courses/${course.id}`, {
      ...base,
      level_min: '',
      level_max: '',
      description: '',
    });
    expect(courseResponseSchema.parse(cleared.json()).data).toMatchObject({
      level_min: null,
      level_max: null,
      description: null,
    });

    // One level alone is a single level.
    const single = await save('PUT', `admin-courses/${course.id}`, { ...base, level_min: 'A2' });
    expect(courseResponseSchema.parse(single.json()).data).toMatchObject({
      level_min: 'A2',
      level_max: 'A2',
    });

    const bad = await save('POST', 'admin-courses', { ...base, level_min: 4, description: 'x'.repeat(301) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['description', 'level_min']);

    const reversed = await save('POST', 'admin-courses', { ...base, level_min: 'B2', level_max: 'A2' });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().errors)).toEqual(['level_max']);
  });

  it('answers 422 with a message per field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin-courses',
      headers: t.admin,
      payload: { course_title: '', status: '2', color: 'red', token: -1 },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(['color', 'course_title', 'status', 'token']);
    expect(errors.color).toEqual(['Colour must be a hex colour such as #2F80ED.']);
    expect(errors.token).toEqual(['Token count must be at least 1.']);
  });

  it('answers 404 for an unknown type', async () => {
    const payload = { course_title: 'X', status: '1', token: 1 };
    for (const request of [
      { method: 'GET' as const, url: '/api/admin-courses/999999' },
      { method: 'PUT' as const, url: '/api/admin-courses/999999', payload },
    ]) {
      const response = await t.app.inject({ ...request, headers: t.admin });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This class type does not exist.');
    }
  });

  it('lists every type without page, and pages of 15 with it', async () => {
    for (let index = 0; index < 17; index += 1) await createCourse(t.db, { courseTitle: `Type ${index}` });
    const all = courseListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-courses', headers: t.admin })).json(),
    );
    const total = all.data.length;
    expect(total).toBeGreaterThanOrEqual(17);

    const second = await t.app.inject({ method: 'GET', url: '/api/admin-courses?page=2', headers: t.admin });
    const page = coursePageResponseSchema.parse(second.json()).data;
    expect(page).toMatchObject({ current_page: 2, per_page: 15, total, last_page: Math.ceil(total / 15) });
    expect(page.data).toHaveLength(Math.min(15, total - 15));

    const bad = await t.app.inject({ method: 'GET', url: '/api/admin-courses?page=0', headers: t.admin });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['page']);
  });
});

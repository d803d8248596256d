import { materialResponseSchema, materialsResponseSchema } from '@tokenly/contract/materials';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBooking,
  createCourse,
  createSchedule,
  createSeries,
  createTeacher,
  createUser,
} from '../../db/seed/factories';
import { startS3StandIn } from '../../test/s3-stand-in';
import { bearer, createTestApp, signIn, type TestApp, XHR } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Class materials: who may attach, see and download them (a booked learner only once visible), what a
// file is told to be by its content, the school's size limit, links, and the same on an S3 API.

const HOUR = 3_600_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(64)]);

async function world(t: TestApp, clock: TestClock) {
  const admin = await createUser(t.db, { role: 'admin' });
  const teacher = await createTeacher(t.db);
  const otherTeacher = await createTeacher(t.db);
  const course = await createCourse(t.db);
  const { series, classes } = await createSeries(t.db, {
    courseId: course.id,
    firstDate: '2031-03-03',
    weeks: 2,
    teacherId: teacher.user.id,
  });
  const [theClass, nextWeek] = classes;
  if (!theClass || !nextWeek) throw new Error('the series made no classes');
  const booked = await createUser(t.db);
  const outsider = await createUser(t.db);
  await createBooking(t.db, theClass, { userId: booked.user.id });
  // The outsider is booked on another class of the same type, not on this one.
  await createBooking(
    t.db,
    await createSchedule(t.db, { courseId: course.id, startsAt: new Date(clock.now() + 48 * HOUR) }),
    {
      userId: outsider.user.id,
    },
  );
  // Remembered sessions (30 days): the clock moves a day on.
  const tokenOf = async (who: { user: { email: string }; password: string }, path?: '/api/admin-login') =>
    bearer(await signIn(t.app, { email: who.user.email, password: who.password, remember: true }, path));
  return {
    course,
    series,
    theClass,
    nextWeek,
    as: {
      admin: await tokenOf(admin, '/api/admin-login'),
      teacher: await tokenOf(teacher),
      otherTeacher: await tokenOf(otherTeacher),
      booked: await tokenOf(booked),
      outsider: await tokenOf(outsider),
    },
  };
}
type World = Awaited<ReturnType<typeof world>>;
type Headers = Record<string, string>;

function upload(t: TestApp, headers: Headers, query: Record<string, string>, file: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/materials/file?${new URLSearchParams({ file_name: 'worksheet.pdf', title: 'Worksheet', ...query })}`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: file,
  });
}
const listOf = async (t: TestApp, headers: Headers, classId: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/class/${classId}/materials`, headers });
  return response.statusCode === 200
    ? materialsResponseSchema.parse(response.json()).data.map((m) => m.title)
    : response.statusCode;
};
const download = (t: TestApp, headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

describe.each(TEST_DATABASE_KINDS)('class materials on %s', (kind) => {
  const clock = new TestClock(Date.parse('2031-03-01T09:00:00Z'));
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    w = await world(t, clock);
  });
  afterAll(() => t.close());

  it('the class teacher uploads a file only booked learners download once visible', async () => {
    const visibleFrom = new Date(clock.now() + 10 * 60_000).toISOString();
    const uploaded = await upload(
      t,
      w.as.teacher,
      {
        target: 'class',
        target_id: String(w.theClass.id),
        file_name: 'Unit 3 — worksheet.txt',
        visible_from: visibleFrom,
      },
      PDF,
    );
    expect(uploaded.statusCode).toBe(201);
    const material = materialResponseSchema.parse(uploaded.json()).data;
    expect(material).toMatchObject({
      kind: 'file',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      visible_from: visibleFrom,
      attached_to: 'class',
    });
    expect(material.url).toMatch(/^\/api\/material\/[A-Za-z0-9_-]{22}\/file$/);

    // Before its time the booked learner neither lists nor downloads it; the teacher and admins do.
    expect(await listOf(t, w.as.booked, w.theClass.id)).toEqual([]);
    expect((await download(t, w.as.booked, material.url)).statusCode).toBe(404);
    for (const who of [w.as.teacher, w.as.admin]) {
      expect(await listOf(t, who, w.theClass.id)).toEqual(['Worksheet']);
      expect((await download(t, who, material.url)).statusCode).toBe(200);
    }

    await clock.setTime(Date.parse(visibleFrom));
    expect(await listOf(t, w.as.booked, w.theClass.id)).toEqual(['Worksheet']);
    const file = await download(t, w.as.booked, material.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PDF);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'x-content-type-options': 'nosniff',
      // Named as uploaded, with the extension of what it is.
      'content-disposition': `attachment; filename="Unit 3 _ worksheet.pdf"; filename*=UTF-8''Unit%203%20%E2%80%94%20worksheet.pdf`,
    });

    // Not booked on the class, another teacher, or no session: nothing to see.
    for (const who of [w.as.outsider, w.as.otherTeacher]) {
      expect(await listOf(t, who, w.theClass.id)).toBe(404);
      expect((await download(t, who, material.url)).statusCode).toBe(404);
    }
    expect((await download(t, {}, material.url)).statusCode).toBe(401);
  });

  it('only administrators and the class teacher attach, and a teacher only to an own class', async () => {
    const target = { target: 'class', target_id: String(w.theClass.id) };
    for (const who of [w.as.booked, w.as.otherTeacher]) {
      expect((await upload(t, who, target, PDF)).statusCode).toBe(404);
    }
    for (const other of [
      { target: 'series', target_id: String(w.series.id) },
      { target: 'course', target_id: String(w.course.id) },
    ]) {
      expect((await upload(t, w.as.teacher, other, PDF)).statusCode).toBe(404);
    }
    expect((await upload(t, w.as.admin, { target: 'class', target_id: '999999' }, PDF)).statusCode).toBe(404);
  });

  it("a series' and a class type's materials reach each of their classes", async () => {
    const series = await upload(
      t,
      w.as.admin,
      { target: 'series', target_id: String(w.series.id), title: 'Series audio', file_name: 'a.wav' },
      WAV,
    );
    expect(series.json()).toMatchObject({ data: { content_type: 'audio/wav', attached_to: 'series' } });
    // Listed in the order they were attached.
    await clock.setTime(clock.now() + 1000);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/materials/link',
      headers: { ...w.as.admin, ...XHR },
      payload: {
        target: 'course',
        target_id: w.course.id,
        title: 'Grammar reference',
        url: 'https://example.com/grammar',
      },
    });
    expect(link.statusCode).toBe(201);
    expect(link.json()).toMatchObject({
      data: { kind: 'link', url: 'https://example.com/grammar', attached_to: 'course' },
    });
    expect(await listOf(t, w.as.booked, w.theClass.id)).toEqual([
      'Worksheet',
      'Series audio',
      'Grammar reference',
    ]);
    expect(await listOf(t, w.as.teacher, w.nextWeek.id)).toEqual(['Series audio', 'Grammar reference']);
    const attached = await t.app.inject({
      method: 'GET',
      url: `/api/materials?target=series&target_id=${w.series.id}`,
      headers: w.as.admin,
    });
    expect(materialsResponseSchema.parse(attached.json()).data.map((m) => m.title)).toEqual(['Series audio']);
    // The series' file: the booked learner has a class of it, the outsider none.
    const url = materialResponseSchema.parse(series.json()).data.url;
    expect((await download(t, w.as.booked, url)).statusCode).toBe(200);
    expect((await download(t, w.as.outsider, url)).statusCode).toBe(404);
    // A link is no file.
    const linkId = materialResponseSchema.parse(link.json()).data.id;
    expect((await download(t, w.as.admin, `/api/material/${linkId}/file`)).statusCode).toBe(404);
  });

  it('refuses a file by its content, and one over the school limit, keeping nothing', async () => {
    const target = { target: 'class', target_id: String(w.nextWeek.id) };
    const page = await upload(
      t,
      w.as.teacher,
      { ...target, file_name: 'worksheet.pdf' },
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(page.statusCode).toBe(422);
    expect(page.json().errors.file[0]).toContain('not accepted');
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: w.as.admin })
    ).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: { ...w.as.admin, ...XHR },
      payload: {
        ...Object.fromEntries(
          [
            'school_name',
            'school_email',
            'time_zone',
            'cancel_window_hours',
            'waitlist_cutoff_hours',
            'meeting_link_lead_minutes',
          ].map((key) => [key, current[key]]),
        ),
        material_max_mb: 1,
      },
    });
    expect(saved.json()).toMatchObject({ data: { material_max_mb: 1 } });
    const large = await upload(t, w.as.teacher, target, Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
    expect(large.statusCode).toBe(422);
    expect(large.json().errors.file).toEqual(['The file is larger than the limit of 1 MB.']);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/materials/file?${new URLSearchParams({ ...target, title: 'x', file_name: 'x.pdf' })}`,
      headers: { ...w.as.teacher },
    });
    expect(none.statusCode).toBe(422);
    expect(await listOf(t, w.as.teacher, w.nextWeek.id)).toEqual(['Series audio', 'Grammar reference']);
  });

  it('the class teacher removes a material of the class, and its file is gone', async () => {
    const uploaded = materialResponseSchema.parse(
      (
        await upload(
          t,
          w.as.teacher,
          { target: 'class', target_id: String(w.nextWeek.id), title: 'Old slides' },
          PDF,
        )
      ).json(),
    ).data;
    const remove = (headers: Headers) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/material/${uploaded.id}`,
        headers: { ...headers, ...XHR },
      });
    expect((await remove(w.as.otherTeacher)).statusCode).toBe(404);
    expect((await remove(w.as.teacher)).statusCode).toBe(200);
    expect((await download(t, w.as.admin, uploaded.url)).statusCode).toBe(404);
    expect((await remove(w.as.teacher)).statusCode).toBe(404);
  });
});

describe('class materials stored on an S3 API', () => {
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let t: TestApp;
  const clock = new TestClock(Date.parse('2031-03-01T09:00:00Z'));
  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await createTestApp(TEST_DATABASE_KINDS[0] ?? 'pglite', { fileStorage: s3.storage }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('keeps an uploaded file in the bucket and serves it to a booked learner', async () => {
    const w = await world(t, clock);
    const uploaded = await upload(
      t,
      w.as.teacher,
      { target: 'class', target_id: String(w.theClass.id) },
      PDF,
    );
    expect(uploaded.statusCode).toBe(201);
    const { url } = materialResponseSchema.parse(uploaded.json()).data;
    const file = await download(t, w.as.booked, url);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(file.rawPayload).toEqual(PDF);
    expect((await download(t, w.as.outsider, url)).statusCode).toBe(404);
  });
});

import { progressResponseSchema } from '@tokenly/contract/progress';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { createBooking, createSchedule, createTeacher, createUser } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Teachers' notes after a class (their own classes only, the administrator's any), a learner's progress
// counted from attended classes only, and certificates of attendance: the PDF as a reader parses it, and
// its public verification, genuine until revoked.

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('progress on %s', (kind) => {
  // A Wednesday noon in the school's zone (UTC in tests), so "this week" began on Monday 2026-06-08.
  const clock = new TestClock();
  clock.now = () => Date.parse('2026-06-10T12:00:00Z');
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { appUrl: 'https://english.example.com' }, { clock });
    await t.app.ready();
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/${url}`, headers, ...(payload && { payload }) });

  async function teacher() {
    const created = await createTeacher(t.db);
    const token = await signIn(t.app, { email: created.user.email, password: created.password });
    return { id: created.user.id, headers: bearer(token) };
  }

  async function learner(name: string) {
    const { user, password } = await createUser(t.db, { name });
    return { id: user.id, headers: bearer(await signIn(t.app, { email: user.email, password })) };
  }

  const classAt = (
    offsetHours: number,
    values: { teacherId?: number; durationMin?: number; title?: string } = {},
  ) => createSchedule(t.db, { startsAt: new Date(clock.now() + offsetHours * HOUR), ...values });

  it('lets a teacher note the learners of their own started class, the admin any, and each learner read only their own', async () => {
    const emma = await teacher();
    const other = await teacher();
    const ana = await learner('Ana Lima');
    const ben = await learner('Ben Okafor');
    const past = await classAt(-2, { teacherId: emma.id, title: 'Phrasal verbs' });
    const future = await classAt(24, { teacherId: emma.id });
    const anaBooking = await createBooking(t.db, past, { userId: ana.id, attendance: 'attended' });
    const benBooking = await createBooking(t.db, past, { userId: ben.id, attendance: 'attended' });
    const futureBooking = await createBooking(t.db, future, { userId: ana.id });
    const note = { went_well: 'Clear questions.', work_on: 'Past simple endings.' };

    const early = await call('PUT', `teacher-class/${future.id}/notes`, emma.headers, {
      booking_id: futureBooking.id,
      ...note,
    });
    expect(early.statusCode).toBe(409);

    const saved = await call('PUT', `teacher-class/${past.id}/notes`, emma.headers, {
      booking_id: anaBooking.id,
      ...note,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ booking_id: anaBooking.id, ...note });

    // Another teacher's class is not found; a learner or an empty note is refused.
    expect(
      (
        await call('PUT', `teacher-class/${past.id}/notes`, other.headers, {
          booking_id: benBooking.id,
          ...note,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `teacher-class/${past.id}/notes`, other.headers)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `teacher-class/${past.id}/notes`, ana.headers, {
          booking_id: anaBooking.id,
          ...note,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `teacher-class/${past.id}/notes`, emma.headers, {
          booking_id: benBooking.id,
          went_well: '',
          work_on: ' ',
        })
      ).statusCode,
    ).toBe(422);
    // A booking of another class is not in this one.
    expect(
      (
        await call('PUT', `teacher-class/${past.id}/notes`, emma.headers, {
          booking_id: futureBooking.id,
          ...note,
        })
      ).statusCode,
    ).toBe(404);

    const byAdmin = await call('PUT', `admin-schedule/${past.id}/notes`, admin, {
      booking_id: benBooking.id,
      went_well: 'Good pronunciation.',
      work_on: '',
    });
    expect(byAdmin.statusCode).toBe(200);
    const listed = await call('GET', `teacher-class/${past.id}/notes`, emma.headers);
    expect(listed.json().data.map((n: { booking_id: number }) => n.booking_id)).toEqual([
      anaBooking.id,
      benBooking.id,
    ]);

    const anaProgress = progressResponseSchema.parse(
      (await call('GET', 'user-progress', ana.headers)).json(),
    ).data;
    expect(anaProgress.notes).toEqual([
      expect.objectContaining({ booking_id: anaBooking.id, title: 'Phrasal verbs', ...note }),
    ]);
    const benProgress = progressResponseSchema.parse(
      (await call('GET', 'user-progress', ben.headers)).json(),
    ).data;
    expect(benProgress.notes.map((n) => n.went_well)).toEqual(['Good pronunciation.']);
    // The admin reads a learner's progress as they do; a teacher cannot.
    const seen = await call('GET', `admin-student/${ana.id}/progress`, admin);
    expect(seen.json().data.notes).toHaveLength(1);
    expect((await call('GET', `admin-student/${ana.id}/progress`, emma.headers)).statusCode).toBe(403);
  });

  it('counts hours only from attended classes, at their real length, week by week', async () => {
    const cleo = await learner('Cleo Park');
    const attended50 = await classAt(-3); // this week (Wednesday 09:00)
    const attended90 = await classAt(-8 * 24, { durationMin: 90 }); // Tuesday of last week
    const noShow = await classAt(-5);
    const unmarked = await classAt(-6);
    const cancelledLate = await classAt(-7);
    await createBooking(t.db, attended50, { userId: cleo.id, attendance: 'attended' });
    await createBooking(t.db, attended90, { userId: cleo.id, attendance: 'attended' });
    await createBooking(t.db, noShow, { userId: cleo.id, attendance: 'no_show' });
    await createBooking(t.db, unmarked, { userId: cleo.id });
    await createBooking(t.db, cancelledLate, { userId: cleo.id, status: 'cancelled', lateCancel: true });

    const progress = progressResponseSchema.parse(
      (await call('GET', 'user-progress', cleo.headers)).json(),
    ).data;
    expect({ classes: progress.classes, minutes: progress.minutes }).toEqual({ classes: 2, minutes: 140 });
    expect(progress.weeks).toHaveLength(12);
    expect(progress.weeks.at(-1)).toEqual({ week: '2026-06-08', classes: 1, minutes: 50 });
    expect(progress.weeks.at(-2)).toEqual({ week: '2026-06-01', classes: 1, minutes: 90 });
    expect(progress.weeks.at(-3)).toEqual({ week: '2026-05-25', classes: 0, minutes: 0 });
    expect(progress.level).toBeNull();
  });

  it('shows the level, since when, the hours at it and the guided hours to the next', async () => {
    const fay = await learner('Fay Moreau');
    const before = await classAt(-3);
    await createBooking(t.db, before, { userId: fay.id, attendance: 'attended' });
    const set = await call('PUT', `admin-user-level/${fay.id}`, admin, { level: 'B1', reason: 'Interview' });
    expect(set.statusCode).toBe(200);
    const levelSetAt = new Date(clock.now()).toISOString();
    // Six hours on, a 90-minute class at the new level.
    const start = clock.now();
    clock.now = () => start + 6 * HOUR;
    try {
      const after = await classAt(-2, { durationMin: 90 });
      await createBooking(t.db, after, { userId: fay.id, attendance: 'attended' });
      const progress = progressResponseSchema.parse(
        (await call('GET', 'user-progress', fay.headers)).json(),
      ).data;
      expect(progress.minutes).toBe(140);
      expect(progress.level).toEqual({
        level: 'B1',
        since: levelSetAt,
        minutes_at_level: 90,
        next: { level: 'B2', hours_from: 500, hours_to: 600 },
      });
    } finally {
      clock.now = () => start;
    }
  });

  it('issues a certificate whose PDF names the classes attended and a code that verifies until revoked', async () => {
    const dana = await learner('Dana Novak');
    const stranger = await learner('Eli Stone');
    const inPeriod = await classAt(-3);
    const noShow = await classAt(-4);
    const before = await classAt(-40 * 24);
    await createBooking(t.db, inPeriod, { userId: dana.id, attendance: 'attended' });
    await createBooking(t.db, noShow, { userId: dana.id, attendance: 'no_show' });
    await createBooking(t.db, before, { userId: dana.id, attendance: 'attended' });

    const empty = await call('POST', 'user-certificates', dana.headers, {
      from: '2026-06-11',
      to: '2026-06-30',
    });
    expect(empty.statusCode).toBe(409);
    const issued = await call('POST', 'user-certificates', dana.headers, {
      from: '2026-06-01',
      to: '2026-06-10',
    });
    expect(issued.statusCode).toBe(201);
    const certificate = issued.json().data;
    expect(certificate).toMatchObject({
      learner_name: 'Dana Novak',
      classes: 1,
      minutes: 50,
      revoked_at: null,
    });
    expect(certificate.code).toMatch(/^[\w-]{20}$/);
    const second = (
      await call('POST', 'user-certificates', dana.headers, { from: '2026-01-01', to: '2026-06-10' })
    ).json().data;
    expect(second).toMatchObject({ classes: 2, minutes: 100 });
    expect(second.code).not.toBe(certificate.code);

    const pdf = await call('GET', `user-certificate/${certificate.id}/pdf`, dana.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Certificate of attendance',
      'Dana Novak',
      'attended 1 class of English, 0.8 hours in all',
      'from 1 June 2026 to 10 June 2026',
      `Verification code: ${certificate.code}`,
      `https://english.example.com/verify/${certificate.code}`,
    ])
      expect(flat).toContain(expected);
    expect((await call('GET', `user-certificate/${certificate.id}/pdf`, stranger.headers)).statusCode).toBe(
      404,
    );

    const genuine = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.code}` });
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json().data).toMatchObject({ status: 'genuine', learner_name: 'Dana Novak', classes: 1 });
    expect(genuine.json().data).not.toHaveProperty('id');

    const revoked = await call('POST', `admin-certificate/${certificate.id}/revoke`, admin, {
      reason: 'Issued for the wrong learner',
    });
    expect(revoked.statusCode).toBe(200);
    const again = await call('POST', `admin-certificate/${certificate.id}/revoke`, admin, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'adminCertificateRevoke'), eq(auditEvents.subjectId, certificate.id)),
      );
    expect(audited.map((event) => event.reason)).toEqual(['Issued for the wrong learner']);

    const checked = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.code}` });
    expect(checked.json().data).toMatchObject({ status: 'revoked' });
    expect(checked.json().data).not.toHaveProperty('revoke_reason');
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/not-a-real-code' })).statusCode).toBe(
      404,
    );
    const listed = await call('GET', `admin-student/${dana.id}/certificates`, admin);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toEqual([second.id, certificate.id]);
  });
});

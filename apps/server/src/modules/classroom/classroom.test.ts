import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bookedSchedulesResponseSchema, userBookingPageResponseSchema } from '@tokenly/contract/bookings';
import { classJoinResponseSchema } from '@tokenly/contract/classroom';
import { teacherClassDetailsResponseSchema } from '@tokenly/contract/teachers';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassroomConfig } from '../../config/env';
import { classJoins, classRooms } from '../../db/schema/classroom';
import { schedules } from '../../db/schema/schedules';
import {
  createBooking,
  createCourse,
  createSchedule,
  createTeacher,
  createUser,
} from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { classroomRoomsJob } from './classroom-jobs';
import { createClassroomService } from './classroom-service';

// Each class's video room: Jitsi links and their tokens, BigBlueButton through a stand-in of its API,
// the rooms job, the release time on every surface, and Join presses pre-filling the teacher's roster.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const APP_URL = 'https://english.example.com';
const JITSI_SECRET = 'jitsi-signing-secret-for-tests';
const BBB_SECRET = 'bbb-shared-secret-for-tests';
// The school's default lead time (MEETING_LINK_LEAD_MINUTES).
const LEAD_MINUTES = 15;

/**
 * The part of BigBlueButton's API the app calls, checking every call's checksum as its documentation
 * says: SHA-1 of the call's name, the query string without the checksum, and the shared secret.
 */
function bbbStandIn(secret: string) {
  const meetings = new Map<string, URLSearchParams>();
  const calls: { call: string; params: URLSearchParams }[] = [];
  let down = false;
  const reply = (inner: string) =>
    `<response><returncode>${inner.startsWith('<messageKey>') ? 'FAILED' : 'SUCCESS'}</returncode>${inner}</response>`;
  const server: Server = createServer((request, response) => {
    if (down) {
      response.writeHead(503).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://bbb.test');
    const call = /^\/bigbluebutton\/api\/(\w+)$/.exec(url.pathname)?.[1] ?? '';
    const query = url.search.slice(1).replace(/&?checksum=[0-9a-f]*$/, '');
    const params = new URLSearchParams(query);
    const expected = createHash('sha1').update(`${call}${query}${secret}`).digest('hex');
    response.setHeader('content-type', 'text/xml');
    if (url.searchParams.get('checksum') !== expected) {
      response.end(reply('<messageKey>checksumError</messageKey>'));
      return;
    }
    calls.push({ call, params });
    const meetingID = params.get('meetingID') ?? '';
    const meeting = meetings.get(meetingID);
    if (call === 'create') {
      if (!meeting) meetings.set(meetingID, params);
      response.end(reply(`<meetingID>${meetingID}</meetingID>`));
    } else if (call === 'join') {
      const known =
        meeting &&
        [meeting.get('moderatorPW'), meeting.get('attendeePW')].includes(params.get('password') ?? '');
      response.end(reply(known ? '<auth_token>ok</auth_token>' : '<messageKey>invalidPassword</messageKey>'));
    } else if (call === 'end') {
      const known = meeting?.get('moderatorPW') === params.get('password');
      if (known) meetings.delete(meetingID);
      response.end(reply(known ? '' : '<messageKey>notFound</messageKey>'));
    } else response.end(reply('<messageKey>unsupportedRequest</messageKey>'));
  });
  return {
    meetings,
    calls,
    setDown: (value: boolean) => {
      down = value;
    },
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/bigbluebutton`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_DATABASE_KINDS)('classroom on %s', (kind) => {
  const clock = new TestClock();
  const bbb = bbbStandIn(BBB_SECRET);
  let jitsiApp: TestApp;
  let bbbApp: TestApp;

  const jitsiConfig = (): ClassroomConfig => ({
    provider: 'jitsi',
    jitsi: { url: 'https://meet.school.test', appId: 'tokenly', appSecret: JITSI_SECRET },
    bbb: { url: bbb.url(), secret: BBB_SECRET },
  });
  const bbbConfig = (): ClassroomConfig => ({ ...jitsiConfig(), provider: 'bbb' });

  beforeAll(async () => {
    await bbb.listen();
    jitsiApp = await createTestApp(kind, { appUrl: APP_URL, classroom: jitsiConfig() }, { clock });
    bbbApp = await createTestApp(kind, { appUrl: APP_URL, classroom: bbbConfig() }, { clock });
  });
  afterAll(async () => {
    await jitsiApp.close();
    await bbbApp.close();
    await bbb.stop();
  });

  /** The rooms job as the job process runs it: its own service on the app's database and clock. */
  function roomsJob(t: TestApp) {
    const settings = createSchoolSettingsService(t.db, { first: firstSchoolSettings(t.config), clock });
    const service = createClassroomService(t.db, { appUrl: APP_URL, clock, settings });
    return () => classroomRoomsJob(service).run({}, { id: 'test', retry: 0 });
  }

  /** The administrator's Settings screen: what it read, with the video-room fields changed. */
  async function saveSettings(t: TestApp, admin: Record<string, string>, changes: Record<string, unknown>) {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin });
    return t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: admin,
      payload: { ...read.json().data, ...changes },
    });
  }

  /** A class with no typed link starting `inMinutes` from now, its teacher and a booked learner, signed in. */
  async function classWithPeople(t: TestApp, inMinutes: number) {
    const teacher = await createTeacher(t.db, { name: 'Emma Clarke' });
    const learner = await createUser(t.db, { name: 'Ana Learner' });
    const other = await createUser(t.db, { name: 'Otto Outsider' });
    const schedule = await createSchedule(t.db, {
      title: 'Travel English',
      teacherId: teacher.user.id,
      startsAt: new Date(clock.now() + inMinutes * MINUTE),
      meetingLink: null,
      meetingStart: null,
    });
    const booking = await createBooking(t.db, schedule, { userId: learner.user.id });
    // Remembered: the tests move the clock by hours.
    const headers = async (user: { user: { email: string }; password: string }) =>
      bearer(await signIn(t.app, { email: user.user.email, password: user.password, remember: true }));
    return {
      schedule,
      booking,
      teacher: await headers(teacher),
      learner: await headers(learner),
      other: await headers(other),
      learnerId: learner.user.id,
      teacherId: teacher.user.id,
      otherId: other.user.id,
    };
  }

  const join = (t: TestApp, id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/class/${id}/join`, headers });
  const openRoom = async (t: TestApp, scheduleId: number) =>
    (await t.db.select().from(classRooms).where(eq(classRooms.scheduleId, scheduleId))).find(
      (room) => room.endedAt === null,
    );

  it('makes a Jitsi room whose links carry tokens for that room only, a moderator only for the teacher, valid around the class', async () => {
    await clock.setTime(Date.parse('2031-03-03T09:00:00Z'));
    const c = await classWithPeople(jitsiApp, 120);
    await roomsJob(jitsiApp)();
    const room = await openRoom(jitsiApp, c.schedule.id);
    expect(room?.provider).toBe('jitsi');
    // Unguessable: nothing of the class in it, and long.
    expect(room?.roomName).toMatch(/^tokenly-[0-9a-f]{32}$/);
    const [written] = await jitsiApp.db.select().from(schedules).where(eq(schedules.id, c.schedule.id));
    expect(written?.meetingLink).toMatch(
      new RegExp(`^https://meet\\.school\\.test/${room?.roomName}\\?jwt=`),
    );

    const key = new TextEncoder().encode(JITSI_SECRET);
    const tokenOf = (link: string) => new URL(link).searchParams.get('jwt') ?? '';
    const start = c.schedule.startsAt.getTime() / 1000;
    const end = start + c.schedule.durationMin * 60;
    for (const [link, moderator] of [
      [written?.meetingLink ?? '', false],
      [written?.meetingStart ?? '', true],
    ] as const) {
      // Verified with the signing key at the class's start (the token is not valid yet two hours before).
      const { payload } = await jwtVerify(tokenOf(link), key, {
        audience: 'jitsi',
        issuer: 'tokenly',
        subject: 'meet.school.test',
        currentDate: c.schedule.startsAt,
      });
      expect(payload.room).toBe(room?.roomName);
      expect(payload.moderator).toBe(moderator);
      expect(payload.nbf).toBe(start - LEAD_MINUTES * 60);
      expect(payload.exp).toBe(end + 60 * 60);
    }
    await expect(
      jwtVerify(tokenOf(written?.meetingLink ?? ''), key, { currentDate: new Date() }),
    ).rejects.toThrow();
    await expect(
      jwtVerify(tokenOf(written?.meetingLink ?? ''), new TextEncoder().encode('another key'), {
        currentDate: c.schedule.startsAt,
      }),
    ).rejects.toThrow();

    // At the release, Join gives each their own token: the teacher's a moderator's, with their names.
    await clock.setTime(c.schedule.startsAt.getTime() - LEAD_MINUTES * MINUTE);
    const learnerJoin = classJoinResponseSchema.parse(
      (await join(jitsiApp, c.schedule.id, c.learner)).json(),
    ).data;
    const teacherJoin = classJoinResponseSchema.parse(
      (await join(jitsiApp, c.schedule.id, c.teacher)).json(),
    ).data;
    expect(decodeJwt(tokenOf(learnerJoin.url))).toMatchObject({
      moderator: false,
      context: { user: { name: 'Ana Learner', moderator: false } },
    });
    expect(decodeJwt(tokenOf(teacherJoin.url))).toMatchObject({
      moderator: true,
      context: { user: { name: 'Emma Clarke', moderator: true } },
    });
    // Someone neither booked nor teaching reads the class as missing.
    expect((await join(jitsiApp, c.schedule.id, c.other)).statusCode).toBe(404);

    // Moved, the class's links are signed again for its new start, in the same room.
    const moved = new Date(c.schedule.startsAt.getTime() + 24 * HOUR);
    await jitsiApp.db.update(schedules).set({ startsAt: moved }).where(eq(schedules.id, c.schedule.id));
    await roomsJob(jitsiApp)();
    const again = await openRoom(jitsiApp, c.schedule.id);
    expect(again?.roomName).toBe(room?.roomName);
    const [rewritten] = await jitsiApp.db.select().from(schedules).where(eq(schedules.id, c.schedule.id));
    expect(decodeJwt(tokenOf(rewritten?.meetingLink ?? '')).nbf).toBe(
      moved.getTime() / 1000 - LEAD_MINUTES * 60,
    );
  });

  it('shows no link before the release time on any surface, and the same link from it on', async () => {
    await clock.setTime(Date.parse('2031-04-07T09:00:00Z'));
    const c = await classWithPeople(jitsiApp, 120);
    await roomsJob(jitsiApp)();
    const room = await openRoom(jitsiApp, c.schedule.id);
    const roomName = room?.roomName ?? 'no room';
    const feed = await jitsiApp.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: c.learner });
    const feedPath = new URL(feed.json().data.url).pathname;

    async function surfaces() {
      const list = await jitsiApp.app.inject({
        method: 'GET',
        url: '/api/user-course-schedule',
        headers: c.learner,
      });
      const row = userBookingPageResponseSchema
        .parse(list.json())
        .data.data.find((booking) => booking.schedule_id === c.schedule.id);
      const ics = await jitsiApp.app.inject({
        method: 'GET',
        url: `/api/booking-ics/${c.booking.id}`,
        headers: c.learner,
      });
      const calendar = await jitsiApp.app.inject({ method: 'GET', url: feedPath });
      const held = bookedSchedulesResponseSchema
        .parse(
          (
            await jitsiApp.app.inject({
              method: 'GET',
              url: '/api/user-booked-schedules',
              headers: c.learner,
            })
          ).json(),
        )
        .data.find((booked) => booked.schedule_id === c.schedule.id);
      // Calendar files fold long lines (RFC 5545): unfolded, the link is whole again.
      const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
      return {
        list: row?.schedule.meeting_link ?? null,
        // The timetable's and the class page's Join.
        timetable: held?.join_open,
        ics: unfold(ics.body).includes(roomName),
        feed: unfold(calendar.body).includes(roomName),
        join: (await join(jitsiApp, c.schedule.id, c.learner)).statusCode,
      };
    }

    await clock.setTime(c.schedule.startsAt.getTime() - LEAD_MINUTES * MINUTE - 1000);
    expect(await surfaces()).toEqual({ list: null, timetable: false, ics: false, feed: false, join: 409 });
    await clock.setTime(c.schedule.startsAt.getTime() - LEAD_MINUTES * MINUTE);
    const released = await surfaces();
    expect(released).toMatchObject({ timetable: true, ics: true, feed: true, join: 200 });
    expect(released.list).toContain(roomName);
  });

  it('pre-fills the roster from Join presses (joined → attended) for the teacher to confirm', async () => {
    await clock.setTime(Date.parse('2031-05-05T09:00:00Z'));
    const c = await classWithPeople(jitsiApp, 10);
    await roomsJob(jitsiApp)();
    const details = async () =>
      teacherClassDetailsResponseSchema.parse(
        (
          await jitsiApp.app.inject({
            method: 'GET',
            url: `/api/teacher-class/${c.schedule.id}`,
            headers: c.teacher,
          })
        ).json(),
      ).data;
    expect((await details()).roster).toEqual([
      expect.objectContaining({ joined_at: null, attendance: null }),
    ]);

    expect((await join(jitsiApp, c.schedule.id, c.learner)).statusCode).toBe(200);
    const pressedAt = new Date(clock.now()).toISOString();
    await clock.setTime(clock.now() + 2 * MINUTE);
    expect((await join(jitsiApp, c.schedule.id, c.learner)).statusCode).toBe(200);
    const presses = await jitsiApp.db
      .select()
      .from(classJoins)
      .where(eq(classJoins.scheduleId, c.schedule.id));
    expect(presses).toHaveLength(2);
    expect(presses.every((press) => press.userId === c.learnerId && press.source === 'button')).toBe(true);
    // The first entry is what the roster shows; the mark stays the teacher's to confirm.
    expect((await details()).roster).toEqual([
      expect.objectContaining({ joined_at: pressedAt, attendance: null }),
    ]);
  });

  it('asks for a rooms pass when a class is made, in the transaction that makes it', async () => {
    await clock.setTime(Date.parse('2031-05-19T09:00:00Z'));
    const admin = await signedInUser(jitsiApp.app, jitsiApp.db, 'admin');
    const queued = async () => (await jitsiApp.app.jobs.findJobs('classroom.rooms')).length;
    const before = await queued();
    const course = await createCourse(jitsiApp.db);
    const made = await jitsiApp.app.inject({
      method: 'POST',
      url: '/api/admin-course-schedule',
      headers: bearer(admin.token),
      payload: {
        course_id: course.id,
        title: 'Made now',
        no_of_users: 4,
        date: new Date(clock.now() + 3 * HOUR).toISOString(),
        allow_closed_day: true,
      },
    });
    expect(made.statusCode).toBe(201);
    expect(await queued()).toBe(before + 1);
    // The pass it asked for gives the new class its room.
    await roomsJob(jitsiApp)();
    expect(await openRoom(jitsiApp, made.json().data.id)).toBeDefined();
  });

  it('ends the rooms of cancelled classes', async () => {
    await clock.setTime(Date.parse('2031-06-02T09:00:00Z'));
    const kept = await classWithPeople(jitsiApp, 60);
    const cancelled = await classWithPeople(jitsiApp, 90);
    await roomsJob(jitsiApp)();
    await jitsiApp.db
      .update(schedules)
      .set({ status: 'cancelled' })
      .where(eq(schedules.id, cancelled.schedule.id));
    await roomsJob(jitsiApp)();
    expect(await openRoom(jitsiApp, cancelled.schedule.id)).toBeUndefined();
    expect(await openRoom(jitsiApp, kept.schedule.id)).toBeDefined();
  });

  it('takes the provider from the school settings, secrets write-only: a change ends the rooms to come and makes new ones', async () => {
    await clock.setTime(Date.parse('2031-06-16T09:00:00Z'));
    const t = await createTestApp(kind, { appUrl: APP_URL, classroom: jitsiConfig() }, { clock });
    try {
      const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
      const c = await classWithPeople(t, 60);
      const job = roomsJob(t);
      await job();
      expect((await openRoom(t, c.schedule.id))?.provider).toBe('jitsi');

      // BigBlueButton needs its address and secret; the stored secret serves, and is never read back.
      const read = await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin });
      expect(read.json().data).toMatchObject({
        classroom_provider: 'jitsi',
        jitsi_app_id: 'tokenly',
        jitsi_app_secret_set: true,
        bbb_secret_set: true,
      });
      expect(read.body).not.toContain(JITSI_SECRET);
      expect(read.body).not.toContain(BBB_SECRET);
      const refused = await saveSettings(t, admin, { classroom_provider: 'bbb', bbb_url: '' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toHaveProperty('bbb_url');
      const saved = await saveSettings(t, admin, {
        classroom_provider: 'bbb',
        bbb_url: `${bbb.url()}/`,
        bbb_secret: BBB_SECRET,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ classroom_provider: 'bbb', bbb_url: bbb.url() });
      expect(saved.body).not.toContain(BBB_SECRET);
      const audit = await t.app.inject({ method: 'GET', url: '/api/admin-audit-log', headers: admin });
      expect(audit.body).not.toContain(BBB_SECRET);

      // The next pass ends the Jitsi room and makes the class a BigBlueButton one.
      await job();
      await job();
      const rooms = await t.db.select().from(classRooms).where(eq(classRooms.scheduleId, c.schedule.id));
      expect(rooms.map((room) => [room.provider, room.endReason])).toEqual([
        ['jitsi', 'provider_changed'],
        ['bbb', null],
      ]);
      const bbbRoom = rooms[1];
      expect(bbb.meetings.has(bbbRoom?.roomName ?? '')).toBe(true);

      // Links typed by hand from now on: the meeting is ended on its server and its links leave the class.
      expect((await saveSettings(t, admin, { classroom_provider: 'manual' })).statusCode).toBe(200);
      await job();
      expect(bbb.meetings.has(bbbRoom?.roomName ?? '')).toBe(false);
      expect(await openRoom(t, c.schedule.id)).toBeUndefined();
      const [row] = await t.db.select().from(schedules).where(eq(schedules.id, c.schedule.id));
      expect(row).toMatchObject({ meetingLink: null, meetingStart: null });
    } finally {
      await t.close();
    }
  });

  it('creates BigBlueButton rooms through its API once it answers, signs joins, and records its end callback', async () => {
    await clock.setTime(Date.parse('2031-07-07T09:00:00Z'));
    const c = await classWithPeople(bbbApp, 30);
    const job = roomsJob(bbbApp);

    // The provider is down: the pass fails (the log says so) and the class has no room yet.
    bbb.setDown(true);
    await expect(job()).rejects.toThrow(/could not be made/);
    expect(await openRoom(bbbApp, c.schedule.id)).toBeUndefined();
    // The next pass, a minute later, finds it back.
    bbb.setDown(false);
    await clock.setTime(clock.now() + MINUTE);
    await job();
    const room = await openRoom(bbbApp, c.schedule.id);
    expect(room?.provider).toBe('bbb');
    const created = bbb.meetings.get(room?.roomName ?? '');
    expect(created?.get('name')).toBe('Travel English');
    expect(created?.get('duration')).toBe(String(c.schedule.durationMin + 60));
    expect(created?.get('meta_analytics-callback-url')).toBe(`${APP_URL}/api/classroom/bbb/analytics`);
    expect(created?.get('moderatorPW')).toBe(room?.moderatorPassword);
    const [written] = await bbbApp.db.select().from(schedules).where(eq(schedules.id, c.schedule.id));
    // Learners and teachers find the room on the class's pages, where Join signs their own call.
    expect(written).toMatchObject({
      meetingLink: `${APP_URL}/user/list-schedule`,
      meetingStart: `${APP_URL}/teacher/class/${c.schedule.id}`,
    });

    await clock.setTime(c.schedule.startsAt.getTime() - LEAD_MINUTES * MINUTE);
    const url = async (headers: Record<string, string>) =>
      new URL(classJoinResponseSchema.parse((await join(bbbApp, c.schedule.id, headers)).json()).data.url);
    const learnerUrl = await url(c.learner);
    const teacherUrl = await url(c.teacher);
    expect(learnerUrl.searchParams.get('password')).toBe(room?.attendeePassword);
    expect(learnerUrl.searchParams.get('fullName')).toBe('Ana Learner');
    expect(teacherUrl.searchParams.get('password')).toBe(room?.moderatorPassword);
    // The stand-in takes both (their checksums hold); a join whose query was altered is refused.
    for (const signed of [learnerUrl, teacherUrl]) {
      const answer = await (await fetch(signed)).text();
      expect(answer).toContain('<returncode>SUCCESS</returncode>');
    }
    const forged = new URL(learnerUrl);
    forged.searchParams.set('password', room?.moderatorPassword ?? '');
    expect(await (await fetch(forged)).text()).toContain('checksumError');

    // BigBlueButton calls the end-of-meeting address it was given, adding its own parameters.
    const callback = new URL(created?.get('meta_endCallbackUrl') ?? '');
    expect(callback.origin).toBe(APP_URL);
    const forgedCallback = await bbbApp.app.inject({
      method: 'GET',
      url: `${callback.pathname}?room=${room?.roomName}&token=forged`,
    });
    expect(forgedCallback.statusCode).toBe(404);
    const ended = await bbbApp.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}&meetingID=${room?.roomName}&recordingmarks=false`,
    });
    expect(ended.statusCode).toBe(200);
    const [after] = await bbbApp.db
      .select()
      .from(classRooms)
      .where(eq(classRooms.id, room?.id ?? 0));
    expect(after).toMatchObject({ endReason: 'meeting_ended', endedAt: new Date(clock.now()) });

    // Its attendance report, signed with the shared secret: the booked learner who was there pre-fills
    // the roster; the teacher (moderator) and someone not booked do not; a second report adds nothing.
    const report = {
      meeting_id: room?.roomName,
      data: {
        start: c.schedule.startsAt.toISOString(),
        attendees: [
          { ext_user_id: String(c.learnerId), name: 'Ana Learner', moderator: false },
          { ext_user_id: String(c.teacherId), name: 'Emma Clarke', moderator: true },
          { ext_user_id: String(c.otherId), name: 'Otto Outsider', moderator: false },
        ],
      },
    };
    const signedBy = (secret: string) =>
      new SignJWT({ exp: Math.floor(clock.now() / 1000) + 60 })
        .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));
    const sendReport = async (secret: string) =>
      bbbApp.app.inject({
        method: 'POST',
        url: '/api/classroom/bbb/analytics',
        headers: { authorization: `Bearer ${await signedBy(secret)}` },
        payload: report,
      });
    expect((await sendReport('not the shared secret')).statusCode).toBe(401);
    expect((await sendReport(BBB_SECRET)).statusCode).toBe(200);
    expect((await sendReport(BBB_SECRET)).statusCode).toBe(200);
    const reported = await bbbApp.db
      .select()
      .from(classJoins)
      .where(and(eq(classJoins.scheduleId, c.schedule.id), eq(classJoins.source, 'bbb')));
    expect(reported.map((entry) => [entry.userId, entry.joinedAt])).toEqual([
      [c.learnerId, c.schedule.startsAt],
    ]);

    // Cancelling the class ends its meeting on the server.
    const other = await classWithPeople(bbbApp, 45);
    await job();
    const otherRoom = await openRoom(bbbApp, other.schedule.id);
    await bbbApp.db.update(schedules).set({ status: 'cancelled' }).where(eq(schedules.id, other.schedule.id));
    await job();
    expect(
      bbb.calls.some((call) => call.call === 'end' && call.params.get('meetingID') === otherRoom?.roomName),
    ).toBe(true);
    expect(bbb.meetings.has(otherRoom?.roomName ?? '')).toBe(false);
    expect(await openRoom(bbbApp, other.schedule.id)).toBeUndefined();
  });
});

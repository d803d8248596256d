import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createCourse, createSchedule, createTeacher, createUser } from '../../db/seed/factories';
import { systemClock } from '../../lib/clock';
import { adminTestApp, bearer, signIn } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';

// Changes reach people: an administrator's change of a booked class's time (or teacher, type, released
// link) mails each booked learner once with the change and the calendar event again (same UID, higher
// SEQUENCE), and each learner on its waitlist; the feed follows, the booking list marks it, and a learner
// whose class moved may cancel it free of charge whatever the window.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The one VEVENT of an iCalendar file, read by ical.js, a strict parser. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

describe.each(TEST_DATABASE_KINDS)('class changes on %s', (kind) => {
  const t = adminTestApp(kind);

  async function learner(name: string) {
    const { user, password } = await createUser(t.db, { name, timezone: 'UTC' });
    await grantCredits(t.db, {
      userId: user.id,
      credits: 10,
      expiresAt: new Date(systemClock.now() + 90 * DAY_MS),
      source: 'grant',
      reason: 'grant',
    });
    return { user, headers: bearer(await signIn(t.app, { email: user.email, password })) };
  }
  type Learner = Awaited<ReturnType<typeof learner>>;

  const call = (
    who: { authorization: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/${url}`, headers: who, ...(payload ? { payload } : {}) });

  async function book(who: Learner, scheduleId: number): Promise<number> {
    const response = await call(who.headers, 'POST', 'book-class', { schedule_id: scheduleId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  /** A class of two seats a week ahead, both booked, and a third learner on its waitlist. */
  async function fullClass() {
    const course = await createCourse(t.db, { courseTitle: 'Core Flex' });
    const teacher = (await createTeacher(t.db, { name: 'James Patel' })).user;
    const schedule = await createSchedule(t.db, {
      courseId: course.id,
      title: 'Small Talk Lab',
      noOfUsers: 2,
      startsAt: new Date(Math.ceil((systemClock.now() + 7 * DAY_MS) / HOUR_MS) * HOUR_MS),
      teacherId: teacher.id,
      meetingLink: 'https://meet.example.com/small-talk',
    });
    const [ana, ben, cleo] = await Promise.all([learner('Ana'), learner('Ben'), learner('Cleo')]);
    if (!ana || !ben || !cleo) throw new Error('no learners');
    const bookings = { ana: await book(ana, schedule.id), ben: await book(ben, schedule.id) };
    const joined = await call(cleo.headers, 'POST', 'join-waitlist', { schedule_id: schedule.id });
    expect(joined.statusCode, joined.body).toBe(200);
    const body = {
      course_id: course.id,
      title: schedule.title,
      no_of_users: 2,
      date: schedule.startsAt.toISOString(),
      meeting_link: schedule.meetingLink,
      teacher_id: teacher.id,
    };
    return { course, teacher, schedule, ana, ben, cleo, bookings, body };
  }

  const changedMails = (scheduleId: number) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'class-changed'), eq(mailOutbox.event, `schedule:${scheduleId}:changed:1`)),
      );

  it('previews who is told what, then mails each booked learner once with the updated event, and the waitlist', async () => {
    const { schedule, teacher, ana, ben, cleo, bookings, body } = await fullClass();
    const later = new Date(schedule.startsAt.getTime() + HOUR_MS);
    const before = await call(ana.headers, 'GET', `booking-ics/${bookings.ana}`);
    const original = eventOf(before.body);

    const preview = await call(t.admin, 'POST', `admin-course-schedule/${schedule.id}/change-preview`, {
      ...body,
      date: later.toISOString(),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      classes: 1,
      changes: [
        { field: 'time', from: schedule.startsAt.toISOString(), to: later.toISOString(), told: true },
      ],
      booked: [
        { id: ana.user.id, name: 'Ana', email: ana.user.email },
        { id: ben.user.id, name: 'Ben', email: ben.user.email },
      ],
      waiting: [{ id: cleo.user.id, name: 'Cleo', email: cleo.user.email }],
      teacher_clash: null,
    });
    expect(await changedMails(schedule.id)).toEqual([]);
    // A preview changes nothing, so the audit log has nothing to say of it.
    const previews = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'adminScheduleChangePreview'));
    expect(previews).toEqual([]);

    const saved = await call(t.admin, 'PUT', `admin-course-schedule/${schedule.id}`, {
      ...body,
      date: later.toISOString(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mails = await changedMails(schedule.id);
    // The two booked, the one waiting, and the class's teacher.
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      [ana.user.email, ben.user.email, cleo.user.email, teacher.email].sort(),
    );
    const toTeacher = mails.find((mail) => mail.recipient === teacher.email);
    expect(toTeacher?.text).toContain('a class you teach');
    expect(eventOf(toTeacher?.attachments[0]?.content ?? '')).toMatchObject({
      method: 'REQUEST',
      uid: `class-${schedule.id}@tokenly-english`,
      sequence: 1,
      start: later.toISOString(),
    });
    const toAna = mails.find((mail) => mail.recipient === ana.user.email);
    expect(toAna?.subject).toContain('Class changed: Small Talk Lab (Core Flex)');
    expect(toAna?.text).toContain('Time:');
    expect(toAna?.text).toContain('cancel this booking free of charge');
    const [file] = toAna?.attachments ?? [];
    const updated = eventOf(file?.content ?? '');
    expect(updated).toEqual({
      method: 'REQUEST',
      uid: original.uid,
      sequence: original.sequence + 1,
      start: later.toISOString(),
    });
    expect(original.uid).toBe(`booking-${bookings.ana}@tokenly-english`);
    // The waitlist hears of the new time, without a calendar file or a cancel it cannot make.
    const toCleo = mails.find((mail) => mail.recipient === cleo.user.email);
    expect(toCleo?.attachments).toEqual([]);
    expect(toCleo?.text).toContain('on the waitlist for');
    expect(toCleo?.text).not.toContain('free of charge');

    // Saving the same values again changes nothing and tells nobody.
    expect(
      (
        await call(t.admin, 'PUT', `admin-course-schedule/${schedule.id}`, {
          ...body,
          date: later.toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    const all = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'class-changed'));
    expect(all.filter((mail) => mail.recipient === ana.user.email)).toHaveLength(1);

    // The feed shows the new time under the same UID with the higher SEQUENCE.
    const feed = await call(ana.headers, 'GET', 'calendar-feed');
    const feedPath = new URL(feed.json<{ data: { url: string } }>().data.url).pathname;
    const subscribed = await t.app.inject({ method: 'GET', url: feedPath });
    expect(eventOf(subscribed.body)).toMatchObject({
      uid: original.uid,
      sequence: 1,
      start: later.toISOString(),
    });

    // The learner's list marks the booking changed.
    const list = await call(ana.headers, 'GET', 'user-course-schedule');
    const row = list
      .json<{ data: { data: { id: number; changed_at: string | null }[] } }>()
      .data.data.find((found) => found.id === bookings.ana);
    expect(row?.changed_at).not.toBeNull();
  });

  it('lets a learner whose class moved into the window cancel free of charge', async () => {
    const { schedule, ana, bookings, body } = await fullClass();
    // Three hours from now: inside the 24-hour window, where a cancel would otherwise keep the credits.
    const soon = new Date(Math.ceil((systemClock.now() + 3 * HOUR_MS) / 60_000) * 60_000);
    const saved = await call(t.admin, 'PUT', `admin-course-schedule/${schedule.id}`, {
      ...body,
      date: soon.toISOString(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cancelled = await call(ana.headers, 'POST', `cancel-booking/${bookings.ana}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: { late_cancel: boolean } }>().data.late_cancel).toBe(false);
    expect(cancelled.json<{ message: string }>().message).toContain('returned');
    // A learner who books after the move knew the time: the usual window holds for them.
    const dana = await learner('Dana');
    const late = await book(dana, schedule.id);
    const refused = await call(dana.headers, 'POST', `cancel-booking/${late}`);
    expect(refused.statusCode).toBe(409);
  });

  it('tells of a substitute teacher, both teachers too, and of a new link only once released', async () => {
    const { schedule, teacher: james, ana, cleo, body } = await fullClass();
    const emma = (await createTeacher(t.db, { name: 'Emma Clarke' })).user;
    // A week ahead the link is not released: learners see none yet, so a new one is no news.
    const linkOnly = await call(t.admin, 'PUT', `admin-course-schedule/${schedule.id}`, {
      ...body,
      meeting_link: 'https://meet.example.com/elsewhere',
    });
    expect(linkOnly.statusCode).toBe(200);
    expect(await changedMails(schedule.id)).toEqual([]);
    const teacher = await call(t.admin, 'PUT', `admin-course-schedule/${schedule.id}`, {
      ...body,
      meeting_link: 'https://meet.example.com/elsewhere',
      teacher_id: emma.id,
    });
    expect(teacher.statusCode).toBe(200);
    const mails = await changedMails(schedule.id);
    expect(mails).toHaveLength(5);
    const toAna = mails.find((mail) => mail.recipient === ana.user.email);
    expect(toAna?.text).toContain('Teacher: Emma Clarke (before: James Patel)');
    expect(toAna?.text).not.toContain('elsewhere');
    expect(mails.find((mail) => mail.recipient === cleo.user.email)?.text).toContain('Teacher: Emma Clarke');
    // The substitute gets the class, the teacher it was taken from sees it withdrawn from their calendar.
    const toEmma = mails.find((mail) => mail.recipient === emma.email);
    expect(toEmma?.text).toContain('given you this class');
    expect(eventOf(toEmma?.attachments[0]?.content ?? '')).toMatchObject({
      method: 'REQUEST',
      uid: `class-${schedule.id}@tokenly-english`,
    });
    const toJames = mails.find((mail) => mail.recipient === james.email);
    expect(toJames?.text).toContain('you no longer teach it');
    expect(eventOf(toJames?.attachments[0]?.content ?? '')).toMatchObject({
      method: 'CANCEL',
      uid: `class-${schedule.id}@tokenly-english`,
      sequence: 2,
    });
  });

  it('tells nobody when the school corrects a class that has already been held', async () => {
    const { schedule, body } = await fullClass();
    const emma = (await createTeacher(t.db, { name: 'Emma Clarke' })).user;
    // Held an hour ago: moved there (news, as it had not started), then given its real teacher (records).
    const held = new Date(Math.floor((systemClock.now() - HOUR_MS) / 60_000) * 60_000).toISOString();
    const url = `admin-course-schedule/${schedule.id}`;
    expect((await call(t.admin, 'PUT', url, { ...body, date: held })).statusCode).toBe(200);
    const preview = await call(t.admin, 'POST', `${url}/change-preview`, {
      ...body,
      date: held,
      teacher_id: emma.id,
    });
    expect(preview.json().data.changes).toEqual([
      { field: 'teacher', from: 'James Patel', to: 'Emma Clarke', told: false },
    ]);
    expect((await call(t.admin, 'PUT', url, { ...body, date: held, teacher_id: emma.id })).statusCode).toBe(
      200,
    );
    const later = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'class-changed'), eq(mailOutbox.event, `schedule:${schedule.id}:changed:2`)),
      );
    expect(later).toEqual([]);
  });

  it('mails the learners of every class "this and following" moves', async () => {
    const course = await createCourse(t.db);
    const series = await call(t.admin, 'POST', 'admin-class-series', {
      course_id: course.id,
      title: 'Evening Conversation',
      no_of_users: 4,
      weekdays: [2],
      start_time: '18:00',
      first_date: '2099-11-03',
      weeks: 3,
    });
    expect(series.statusCode).toBe(201);
    const list = await call(t.admin, 'GET', `admin-course-schedule?series_id=${series.json().data.id}`);
    const classes = list.json<{ data: { data: { id: number; schedule_time: string }[] } }>().data.data;
    const ana = await learner('Ana');
    for (const found of classes) await book(ana, found.id);
    const [first] = classes;
    if (!first) throw new Error('no class');
    const moved = await call(t.admin, 'PUT', `admin-course-schedule/${first.id}/following`, {
      course_id: course.id,
      title: 'Evening Conversation',
      no_of_users: 4,
      date: '2099-11-03T19:00:00Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'class-changed'), eq(mailOutbox.recipient, ana.user.email)));
    expect(mails).toHaveLength(3);
    expect(mails.map((mail) => eventOf(mail.attachments[0]?.content ?? '').start).sort()).toEqual([
      '2099-11-03T19:00:00.000Z',
      '2099-11-10T19:00:00.000Z',
      '2099-11-17T19:00:00.000Z',
    ]);
  });
});

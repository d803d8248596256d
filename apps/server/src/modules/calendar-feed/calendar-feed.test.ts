import { CALENDAR_FEED_RESET_MESSAGE } from '@tokenly/contract/calendar-feed';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { createBooking, createSchedule } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp, XHR } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// A learner's private feed, read as a calendar app reads it (ical.js, a strict RFC 5545 parser):
// their own bookings only, the last 30 days and everything ahead, cancelled ones kept with
// STATUS:CANCELLED under the same UID, the join link only once it is released, and a reset that kills the
// old address.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type FeedEvent = { uid: string; summary: string; status: string | null; start: string; url: string | null };

function eventsOf(file: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(file));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      start: event.startDate.toJSDate().toISOString(),
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
    };
  });
}

describe.each(TEST_DATABASE_KINDS)('private calendar feed on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { appUrl: 'https://english.example.com' }, { clock });
  });
  afterAll(() => t.close());

  const address = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { url: string; webcal_url: string } }>().data;
  };
  /** The feed as a calendar app fetches it: no session, only the address. */
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('lists only the learner’s own classes of the last 30 days and ahead, cancelled ones as CANCELLED', async () => {
    const ana = await signedInUser(t.app, t.db);
    const ben = await signedInUser(t.app, t.db);
    // On the hour: iCalendar times have whole seconds.
    const now = Math.ceil(clock.now() / HOUR) * HOUR;
    const ahead = await createSchedule(t.db, { title: 'Grammar Clinic', startsAt: new Date(now + 3 * DAY) });
    const dropped = await createSchedule(t.db, { title: 'Idioms', startsAt: new Date(now + 4 * DAY) });
    const called = await createSchedule(t.db, {
      title: 'Called Off',
      startsAt: new Date(now + 5 * DAY),
      status: 'cancelled',
    });
    const lastWeek = await createSchedule(t.db, { title: 'Last Week', startsAt: new Date(now - 7 * DAY) });
    const longAgo = await createSchedule(t.db, { title: 'Long Ago', startsAt: new Date(now - 40 * DAY) });
    const booked = await createBooking(t.db, ahead, { userId: ana.user.id });
    const cancelled = await createBooking(t.db, dropped, {
      userId: ana.user.id,
      status: 'cancelled',
      cancelledAt: new Date(now),
    });
    const onCalled = await createBooking(t.db, called, { userId: ana.user.id });
    const past = await createBooking(t.db, lastWeek, { userId: ana.user.id });
    await createBooking(t.db, longAgo, { userId: ana.user.id });
    await createBooking(t.db, ahead, { userId: ben.user.id });

    const feed = await address(ana.token);
    expect(feed.url).toMatch(/^https:\/\/english\.example\.com\/api\/calendar-feed\/[\w-]{43,64}$/);
    expect(feed.webcal_url).toBe(feed.url.replace('https:', 'webcal:'));
    expect(await address(ana.token), 'the same address every time').toEqual(feed);
    expect((await address(ben.token)).url).not.toBe(feed.url);

    const response = await fetchFeed(feed.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toContain('X-WR-CALNAME:Tokenly English classes');
    expect(response.body, "no other learner's data").not.toContain(ben.user.email);
    expect(response.body).not.toContain(ana.user.email);
    const events = eventsOf(response.body);
    expect(events.map(({ uid, status, start }) => ({ uid, status, start }))).toEqual([
      { uid: `booking-${past.id}@tokenly-english`, status: null, start: lastWeek.startsAt.toISOString() },
      { uid: `booking-${booked.id}@tokenly-english`, status: null, start: ahead.startsAt.toISOString() },
      {
        uid: `booking-${cancelled.id}@tokenly-english`,
        status: 'CANCELLED',
        start: dropped.startsAt.toISOString(),
      },
      {
        uid: `booking-${onCalled.id}@tokenly-english`,
        status: 'CANCELLED',
        start: called.startsAt.toISOString(),
      },
    ]);
    // In UTC: every calendar shows the learner's own local time.
    expect(response.body).toMatch(
      new RegExp(`DTSTART:${ahead.startsAt.toISOString().replace(/[-:]|\.\d+/g, '')}`),
    );
  });

  it('carries the join link only from 15 minutes before the start, like the API', async () => {
    const ana = await signedInUser(t.app, t.db);
    const startsAt = new Date(Math.ceil(clock.now() / HOUR) * HOUR + 2 * HOUR);
    const schedule = await createSchedule(t.db, { startsAt, meetingLink: 'https://meet.example.com/abc' });
    await createBooking(t.db, schedule, { userId: ana.user.id });
    const { url } = await address(ana.token);

    expect(eventsOf((await fetchFeed(url)).body)[0]?.url).toBeNull();
    await clock.setTime(startsAt.getTime() - 15 * 60_000);
    const [event] = eventsOf((await fetchFeed(url)).body);
    expect(event?.url).toBe('https://meet.example.com/abc');
  });

  it("gives a teacher their own classes with the number booked and the host link, never a learner's data", async () => {
    const teacher = await signedInUser(t.app, t.db, 'teacher');
    const other = await signedInUser(t.app, t.db, 'teacher');
    const now = Math.ceil(clock.now() / HOUR) * HOUR;
    const taught = await createSchedule(t.db, {
      title: 'Business Writing',
      teacherId: teacher.user.id,
      noOfUsers: 8,
      startsAt: new Date(now + DAY),
      meetingStart: 'https://meet.example.com/host?key=1',
      meetingLink: 'https://meet.example.com/join',
    });
    const called = await createSchedule(t.db, {
      title: 'Called Off',
      teacherId: teacher.user.id,
      startsAt: new Date(now + 2 * DAY),
      status: 'cancelled',
    });
    await createSchedule(t.db, {
      title: 'Not Mine',
      teacherId: other.user.id,
      startsAt: new Date(now + DAY),
    });
    const learners = [await signedInUser(t.app, t.db), await signedInUser(t.app, t.db)];
    for (const learner of learners) await createBooking(t.db, taught, { userId: learner.user.id });

    const response = await fetchFeed((await address(teacher.token)).url);
    expect(response.statusCode).toBe(200);
    expect(eventsOf(response.body)).toEqual([
      {
        uid: `class-${taught.id}@tokenly-english`,
        summary: expect.stringMatching(/^Business Writing \(.+\): 2 of 8 learners booked$/),
        status: null,
        start: taught.startsAt.toISOString(),
        url: 'https://meet.example.com/host?key=1',
      },
      expect.objectContaining({ uid: `class-${called.id}@tokenly-english`, status: 'CANCELLED' }),
    ]);
    for (const learner of learners) {
      expect(response.body).not.toContain(learner.user.email);
      expect(response.body).not.toContain(learner.user.name);
    }
    expect(response.body, "the learners' join link is theirs").not.toContain('meet.example.com/join');
  });

  it('a reset revokes the old address; a disabled account has no feed', async () => {
    const ana = await signedInUser(t.app, t.db);
    const old = await address(ana.token);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed/reset',
      headers: { ...bearer(ana.token), ...XHR },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(CALENDAR_FEED_RESET_MESSAGE);
    const fresh = reset.json<{ data: { url: string } }>().data;
    expect(fresh.url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).statusCode).toBe(404);
    expect((await fetchFeed(fresh.url)).statusCode).toBe(200);
    expect((await address(ana.token)).url).toBe(fresh.url);

    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, ana.user.id));
    expect((await fetchFeed(fresh.url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar-feed/not-a-feed' })).statusCode).toBe(
      404,
    );
  });
});

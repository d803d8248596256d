import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLots } from '../../db/schema/credit-lots';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createCourse, createSchedule, createUser } from '../../db/seed/factories';
import { eventually } from '../../test/eventually';
import { createSmtpPeer } from '../../test/smtp-peer';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';

// Booking confirmed (calendar invitation, METHOD:REQUEST), cancelled by the learner
// (METHOD:CANCEL, same UID) and class cancelled by the school (every booked learner, credits refunded),
// as a real SMTP server receives them, times in the learner's own zone with the zone named.

const DAY = 24 * 60 * 60 * 1000;

/** The one VEVENT of the mail's calendar part, read by ical.js, and the calendar's METHOD. */
function invitationOf(mail: ParsedMail) {
  const file = mail.attachments.find((part) => part.contentType === 'text/calendar');
  expect(file, 'a text/calendar attachment').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file?.content.toString('utf8') ?? ''));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    start: event.startDate.toJSDate(),
    status: vevent.getFirstPropertyValue('status'),
    sequence: event.sequence,
    attendee: String(vevent.getFirstPropertyValue('attendee')),
  };
}

describe.each(TEST_DATABASE_KINDS)('booking mails on %s', (kind) => {
  const peer = createSmtpPeer();
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    await peer.listen();
    t = await createTestApp(kind, { runJobs: true, smtpUrl: peer.url, timezone: 'Europe/London' }, { clock });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  async function learnerWithCredits(timezone: string | null) {
    const { user, password } = await createUser(t.db, { name: 'Ana Learner', timezone });
    await grantCredits(t.db, {
      userId: user.id,
      credits: 10,
      expiresAt: new Date(Date.now() + 90 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    return { user, token: await signIn(t.app, { email: user.email, password }) };
  }

  const book = async (token: string, scheduleId: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      headers: bearer(token),
      payload: { schedule_id: scheduleId },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };

  /** The confirmation's outbox row once its delivery job has marked it sent. */
  async function sentConfirmation(bookingId: number) {
    const confirmation = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.event, `booking:${bookingId}:booked`));
    await eventually(async () => (await confirmation())[0]?.status === 'sent', 'the confirmation to be sent');
    return (await confirmation())[0];
  }

  it('confirms a booking with an invitation and withdraws it when the learner cancels', async () => {
    const startsAt = new Date('2030-07-01T14:00:00Z');
    const schedule = await createSchedule(t.db, { title: 'Grammar Clinic', startsAt, numberToken: 2 });
    const { user, token } = await learnerWithCredits('America/New_York');
    const bookingId = await book(token, schedule.id);

    const before = peer.received.length;
    const confirmed = (await peer.mailTo(clock, user.email)).parsed;
    expect(confirmed.subject).toMatch(/^Booking confirmed: Grammar Clinic/);
    // 14:00 UTC is 10:00 in New York in July: the learner's zone, named.
    for (const part of [confirmed.text ?? '', confirmed.html || '']) {
      expect(part).toContain('10:00');
      expect(part).toContain('(America/New_York)');
      expect(part).toContain('2 credits used');
    }
    const invitation = invitationOf(confirmed);
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${bookingId}@tokenly-english`,
      sequence: 0,
    });
    expect(invitation.start.toISOString()).toBe(startsAt.toISOString());
    expect(invitation.attendee.toLowerCase()).toBe(`mailto:${user.email}`);

    // Written as a draft by the booking's statement, stored as drawn once it left, and the
    // Outbox shows the mail as sent.
    const stored = await sentConfirmation(bookingId);
    expect(stored?.draft).toBeNull();
    expect(stored?.subject).toBe(confirmed.subject);
    expect(stored?.text?.trim()).toBe(confirmed.text?.trim());
    const admin = (await signedInUser(t.app, t.db, 'admin')).token;
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/admin-mail-outbox/${stored?.id}`,
      headers: bearer(admin),
    });
    expect(shown.json().data).toMatchObject({
      subject: confirmed.subject,
      html: stored?.html,
      status: 'sent',
    });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${bookingId}`,
      headers: bearer(token),
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = (await peer.mailTo(clock, user.email, { after: before, subject: /^Booking cancelled/ }))
      .parsed;
    expect(cancelled.subject).toMatch(/^Booking cancelled: Grammar Clinic/);
    expect(cancelled.text).toContain('2 credits returned');
    expect(invitationOf(cancelled)).toMatchObject({
      method: 'CANCEL',
      uid: invitation.uid,
      status: 'CANCELLED',
      sequence: 1,
    });
  });

  it('records a confirmation as sent whatever its length: the longest title and class type allowed', async () => {
    const course = await createCourse(t.db, { courseTitle: 'C'.repeat(120) });
    const schedule = await createSchedule(t.db, { title: 'T'.repeat(200), courseId: course.id });
    const { user, token } = await learnerWithCredits(null);
    const bookingId = await book(token, schedule.id);
    const received = (await peer.mailTo(clock, user.email)).parsed;
    const stored = await sentConfirmation(bookingId);
    expect(stored?.subject).toBe(received.subject);
    expect(stored?.subject?.length).toBeGreaterThan(300);
    expect(stored?.attempts).toBe(1);
  });

  it('tells every booked learner when the school cancels the class, once, in the school zone by default', async () => {
    const schedule = await createSchedule(t.db, {
      title: 'Speaking Lab',
      startsAt: new Date('2030-01-15T09:30:00Z'),
    });
    const first = await learnerWithCredits(null);
    const second = await learnerWithCredits('Asia/Tokyo');
    await book(first.token, schedule.id);
    await book(second.token, schedule.id);
    // The second learner's payment was refunded meanwhile: their credit goes back only to be taken again.
    await t.db
      .update(creditLots)
      .set({ clawedBackAt: new Date() })
      .where(eq(creditLots.userId, second.user.id));
    const admin = await signedInUser(t.app, t.db, 'admin');

    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-course-schedule/${schedule.id}/cancel`,
        headers: bearer(admin.token),
      });
    expect((await cancel()).statusCode).toBe(200);
    await cancel();

    const subject = /^Class cancelled/;
    const toFirst = await peer.mailTo(clock, first.user.email, { subject });
    const toSecond = await peer.mailTo(clock, second.user.email, { subject });
    const notices = [toFirst, toSecond].map((mail) => mail.parsed);
    for (const notice of notices) {
      expect(notice.subject).toMatch(/^Class cancelled by the school: Speaking Lab/);
      expect(invitationOf(notice)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' });
    }
    // Each says what came back.
    expect(notices[0]?.text).toContain('1 credit returned');
    expect(notices[1]?.text).toContain('0 credits returned');
    // No zone of their own: the school's (Europe/London, GMT in January).
    expect(notices[0]?.text).toContain('09:30 GMT (Europe/London)');
    expect(notices[1]?.text).toContain('18:30 GMT+9 (Asia/Tokyo)');

    await clock.tick(60_000);
    const classNotices = peer.received.filter((mail) => mail.parsed.subject?.startsWith('Class cancelled'));
    expect(classNotices.filter((mail) => mail.envelopeTo.includes(first.user.email))).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { createBooking, createSchedule, createUser } from '../../db/seed/factories';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { nowOf } from '../../lib/clock';
import { createSmtpPeer } from '../../test/smtp-peer';
import { RELAXED_RATE_LIMITS } from '../../test/test-app';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../test/test-database';
import { adjustCredits, grantCredits } from '../credits/credit-service';
import { createSmtpTransport, type MailTransport } from '../mail/mail-transport';
import { createMailer } from '../mail/mailer';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { createReminders } from './reminders-service';

// The day-before reminder and the starting-soon mail with the join link, through a
// real SMTP server, at instants the test chooses: never for a cancelled booking or class, no day-before
// reminder for a booking made later than that, each once however often (and by however many) it is run;
// and the notice of unused credits about to expire, once per lot.

const quiet = { error: () => {}, warn: () => {}, debug: () => {} };
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const DAY = 24 * HOUR;

describe.each(TEST_DATABASE_KINDS)('reminders and expiry notices on %s', (kind) => {
  const peer = createSmtpPeer();
  let database: DatabaseHandle;
  let destroy: () => Promise<void>;
  let clock: TestClock;
  let jobs: JobQueue;
  let transport: MailTransport;
  let reminders: ReturnType<typeof createReminders>;

  function remindersOn(queue: JobQueue) {
    const mailer = createMailer(database.db, {
      config: {
        mailFrom: 'Tokenly English <school@tokenly.test>',
        appUrl: 'http://localhost:3000',
        rateLimits: RELAXED_RATE_LIMITS,
      },
      jobs: queue,
      clock,
      transport,
    });
    return {
      mailer,
      reminders: createReminders(database.db, {
        mailer,
        clock,
        classHours: 24,
        creditExpiryDays: 7,
        settings: createSchoolSettingsService(database.db, {
          first: firstSchoolSettings(loadConfig({ APP_TIMEZONE: 'Europe/London' })),
          clock,
        }),
        mail: { appUrl: 'https://english.example.com' },
      }),
    };
  }

  beforeAll(() => peer.listen());
  afterAll(() => peer.stop());
  beforeEach(async () => {
    ({ database, destroy } = await createTestDatabase(kind));
    clock = new TestClock();
    transport = createSmtpTransport(peer.url);
    jobs = createJobQueue(database, { runWorkers: true, log: quiet, clock, pollingIntervalSeconds: 1 });
    const made = remindersOn(jobs);
    reminders = made.reminders;
    for (const job of [...made.mailer.jobs, ...reminders.jobs]) jobs.define(job);
    await jobs.start();
    peer.received.length = 0;
  });
  afterEach(async () => {
    await jobs.stop();
    transport.close();
    await destroy();
  });

  /** A learner in New York booked on a class `bookedAhead` before its start, which is two days away. */
  async function bookedClass(bookedAhead: number) {
    const startsAt = new Date(Math.ceil((clock.now() + 48 * HOUR) / HOUR) * HOUR);
    const schedule = await createSchedule(database.db, { title: 'Grammar Clinic', startsAt });
    const { user } = await createUser(database.db, { name: 'Ana Learner', timezone: 'America/New_York' });
    const booking = await createBooking(database.db, schedule, {
      userId: user.id,
      createdAt: new Date(startsAt.getTime() - bookedAhead),
    });
    return {
      schedule,
      user,
      booking,
      at: (beforeStart: number) => new Date(startsAt.getTime() - beforeStart),
    };
  }

  const mailsOf = (bookingId: number) =>
    database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.event, `booking:${bookingId}:class-reminder`))
      .union(
        database.db
          .select({ kind: mailOutbox.kind })
          .from(mailOutbox)
          .where(eq(mailOutbox.event, `booking:${bookingId}:class-starting-soon`)),
      );

  it('reminds a day ahead and mails the join link when it is released, each once', async () => {
    const { schedule, user, booking, at } = await bookedClass(72 * HOUR);
    expect(await reminders.sendDueReminders(at(25 * HOUR))).toBe(0);

    expect(await reminders.sendDueReminders(at(24 * HOUR))).toBe(1);
    expect(await reminders.sendDueReminders(at(23 * HOUR))).toBe(0);
    const reminder = (await peer.mailTo(clock, user.email)).parsed;
    expect(reminder.subject).toBe('Reminder: Grammar Clinic (Core Flex) · Tokenly English');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    }).format(schedule.startsAt);
    for (const part of [reminder.text ?? '', reminder.html || '']) {
      expect(part).toContain('starts in 24 hours');
      expect(part).toContain(`${local} GMT-`);
      expect(part).toContain('(America/New_York)');
      // Not yet: the link is released with the starting-soon mail.
      expect(part).not.toContain(schedule.meetingLink ?? 'no link');
    }

    expect(await reminders.sendDueReminders(at(16 * MINUTE))).toBe(0);
    expect(await reminders.sendDueReminders(at(15 * MINUTE))).toBe(1);
    expect(await reminders.sendDueReminders(at(5 * MINUTE))).toBe(0);
    const soon = (await peer.mailTo(clock, user.email, { subject: /^Starting soon/ })).parsed;
    expect(soon.subject).toBe('Starting soon: Grammar Clinic (Core Flex) · Tokenly English');
    for (const part of [soon.text ?? '', soon.html || '']) {
      expect(part).toContain('starts in 15 minutes');
      expect(part).toContain(schedule.meetingLink);
    }
    expect(await mailsOf(booking.id)).toHaveLength(2);
    await clock.tick(60_000);
    expect(peer.received).toHaveLength(2);
  });

  it('sends no day-before reminder for a booking made less than a day ahead, but the starting-soon one', async () => {
    const { booking, at } = await bookedClass(23 * HOUR);
    expect(await reminders.sendDueReminders(at(23 * HOUR))).toBe(0);
    expect(await reminders.sendDueReminders(at(HOUR))).toBe(0);
    expect(await reminders.sendDueReminders(at(10 * MINUTE))).toBe(1);
    expect(await mailsOf(booking.id)).toEqual([{ kind: 'class-starting-soon' }]);
  });

  it('sends nothing for a cancelled booking or a cancelled class, nor after the start', async () => {
    const cancelledBooking = await bookedClass(72 * HOUR);
    await database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(bookings.id, cancelledBooking.booking.id));
    const cancelledClass = await bookedClass(72 * HOUR);
    await database.db
      .update(schedules)
      .set({ status: 'cancelled' })
      .where(eq(schedules.id, cancelledClass.schedule.id));
    // The three classes start at the same instant; only this booking is still on.
    const active = await bookedClass(72 * HOUR);

    // A process that was down through the whole window does not remind of a class already begun.
    expect(await reminders.sendDueReminders(active.at(-MINUTE))).toBe(0);
    expect(await reminders.sendDueReminders(active.at(23 * HOUR))).toBe(1);
    expect(await reminders.sendDueReminders(active.at(10 * MINUTE))).toBe(1);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.recipient)).toEqual([active.user.email, active.user.email]);
  });

  it('writes each reminder once when two processes scan at the same instant', async () => {
    const booked = await Promise.all([
      bookedClass(72 * HOUR),
      bookedClass(72 * HOUR),
      bookedClass(72 * HOUR),
    ]);
    const other = remindersOn(jobs).reminders;
    const at = booked[0].at(23 * HOUR);
    const [first, second] = await Promise.all([reminders.sendDueReminders(at), other.sendDueReminders(at)]);
    expect(first + second).toBe(3);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.recipient).sort()).toEqual(booked.map((b) => b.user.email).sort());
  });

  it('runs as a cron job on the queue, at the clock it is given', async () => {
    const { user, at } = await bookedClass(72 * HOUR);
    await clock.setTime(at(23 * HOUR));
    // mailTo ticks a second at a time: the cron check, its job and the delivery each fire at their time.
    const reminder = await peer.mailTo(clock, user.email);
    expect(reminder.parsed.subject).toMatch(/^Reminder: Grammar Clinic/);
    const runs = await jobs.findJobs('reminders.classes');
    expect(runs.length).toBeGreaterThan(0);
  });

  it('tells a learner once, 7 days ahead, of a lot with unused credits about to expire', async () => {
    const { user } = await createUser(database.db, { name: 'Ana Learner', timezone: 'Asia/Tokyo' });
    const expiresAt = new Date(Math.ceil((Date.now() + 30 * DAY) / HOUR) * HOUR);
    const grant = (credits: number, expires: Date) =>
      grantCredits(database.db, {
        userId: user.id,
        credits,
        expiresAt: expires,
        source: 'grant',
        reason: 'grant',
      });
    const lot = await grant(5, expiresAt);
    // Used up by the time the notice is due: nothing to tell.
    await grant(1, new Date(expiresAt.getTime() - HOUR));
    const { user: admin } = await createUser(database.db, { role: 'admin' });
    await adjustCredits(database.db, {
      userId: user.id,
      delta: -3,
      reason: 'test',
      adminId: admin.id,
      now: nowOf(clock),
    });
    const at = (before: number) => new Date(expiresAt.getTime() - before);

    expect(await reminders.sendCreditExpiryNotices(at(8 * DAY))).toBe(0);
    expect(await reminders.sendCreditExpiryNotices(at(7 * DAY))).toBe(1);
    expect(await reminders.sendCreditExpiryNotices(at(3 * DAY))).toBe(0);
    const notice = (await peer.mailTo(clock, user.email)).parsed;
    expect(notice.subject).toBe('3 credits expire soon · Tokenly English');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      day: 'numeric',
      month: 'long',
    }).format(lot.expiresAt);
    for (const part of [notice.text ?? '', notice.html || '']) {
      expect(part).toContain('3 credits of your balance expire on');
      expect(part).toContain(local);
      expect(part).toContain('(Asia/Tokyo)');
      expect(part).toContain('https://english.example.com/user/dashboard');
    }
    expect(await database.db.select().from(mailOutbox)).toHaveLength(1);
  });
});

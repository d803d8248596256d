import { CLUB_PASS_NOTICE_DAYS } from '@tokenly/contract/club-pass';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/job-queue';
import { type Clock, nowOf } from '../../lib/clock';
import { dueClubPassEndings } from '../club-pass/club-pass-repository';
import { mailTokenOf } from '../mail/mail-preferences-repository';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { clubPassEndingMail } from '../mail/templates/club-pass-mail';
import { creditsExpiringMail } from '../mail/templates/credits-expiring-mail';
import { type ReminderKind, reminderMail } from '../mail/templates/reminder-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { dueCreditExpiryNotices, lockDueClassReminders } from './reminders-repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60 * 1000;
/** Mails rendered in one transaction; a scan goes on batch by batch until nothing is due. */
const BATCH = 50;

export type RemindersOptions = {
  mailer: Mailer;
  clock: Clock;
  /** REMINDER_HOURS: the day-before reminder goes this long before the start. */
  classHours: number;
  /** CREDIT_EXPIRY_NOTICE_DAYS: a lot's unused credits are announced this long before they expire. */
  creditExpiryDays: number;
  settings: SchoolSettingsSource;
  mail: { appUrl: string };
};

/**
 * Reminders of booked classes (decision 006): a cron job scans, once a minute, for bookings
 * whose reminder is due and writes the mail through the outbox. Reading the bookings as they are then
 * (not jobs scheduled at booking time) means a cancelled booking or class, or a class moved to another
 * time, needs nothing undone; the outbox key `booking:<id>:<kind>` makes each reminder once-only.
 */
export function createReminders(db: Database, options: RemindersOptions) {
  async function sendBatch(kind: ReminderKind, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const school = await options.settings.current(tx);
      const context = { ...options.mail, school, hoursBefore: options.classHours };
      const leadEnd = new Date(now.getTime() + school.meetingLinkLeadMinutes * MINUTE_MS);
      const due = await lockDueClassReminders(
        tx,
        kind === 'class-starting-soon'
          ? // When the join link is released (the school's lead time before), until the start.
            { kind, startsAfter: now, startsBy: leadEnd, limit: BATCH }
          : // From REMINDER_HOURS before until the link's release, which has a mail of its own; a booking
            // made later than REMINDER_HOURS ahead gets none (its confirmation was mail enough).
            {
              kind,
              startsAfter: leadEnd,
              startsBy: new Date(now.getTime() + options.classHours * HOUR_MS),
              bookedHoursAhead: options.classHours,
              limit: BATCH,
            },
      );
      const recipients = await findRecipients(tx, [...new Set(due.map(({ booking }) => booking.userId))]);
      for (const found of due) {
        const to = recipients.get(found.booking.userId);
        if (!to) continue;
        const token = await mailTokenOf(tx, to.id);
        await options.mailer.enqueue(tx, reminderMail(kind, to, found, context, token));
      }
      return due.length;
    });
  }

  /** Every reminder due at `now`; returns how many were written. */
  async function sendDueReminders(now: Date): Promise<number> {
    let written = 0;
    for (const kind of ['class-starting-soon', 'class-reminder'] as const) {
      for (;;) {
        const count = await sendBatch(kind, now);
        written += count;
        if (count < BATCH) break;
      }
    }
    return written;
  }

  /**
   * A notice per lot whose unused credits expire within CREDIT_EXPIRY_NOTICE_DAYS. Written one lot a
   * transaction; the outbox key makes a second scan of the same lot (another process) write nothing.
   */
  async function sendCreditExpiryNotices(now: Date): Promise<number> {
    const due = { now, by: new Date(now.getTime() + options.creditExpiryDays * DAY_MS) };
    let written = 0;
    for (;;) {
      const lots = await dueCreditExpiryNotices(db, { ...due, days: options.creditExpiryDays, limit: BATCH });
      const recipients = await findRecipients(db, [...new Set(lots.map((lot) => lot.userId))]);
      for (const lot of lots) {
        const to = recipients.get(lot.userId);
        if (!to) continue;
        await db.transaction(async (tx) => {
          const token = await mailTokenOf(tx, to.id);
          const context = { ...options.mail, school: await options.settings.current(tx) };
          await options.mailer.enqueue(tx, creditsExpiringMail(to, lot, context, token));
        });
      }
      written += lots.length;
      if (lots.length < BATCH) return written;
    }
  }

  /** A notice per Club pass ending within CLUB_PASS_NOTICE_DAYS, once per end (the outbox key). */
  async function sendClubPassEndingNotices(now: Date): Promise<number> {
    const due = { now, by: new Date(now.getTime() + CLUB_PASS_NOTICE_DAYS * DAY_MS) };
    let written = 0;
    for (;;) {
      const passes = await dueClubPassEndings(db, { ...due, days: CLUB_PASS_NOTICE_DAYS, limit: BATCH });
      const recipients = await findRecipients(
        db,
        passes.map((pass) => pass.userId),
      );
      for (const pass of passes) {
        const to = recipients.get(pass.userId);
        if (!to) continue;
        await db.transaction(async (tx) => {
          const token = await mailTokenOf(tx, to.id);
          const context = { ...options.mail, school: await options.settings.current(tx) };
          await options.mailer.enqueue(tx, clubPassEndingMail(to, pass, context, token));
        });
      }
      written += passes.length;
      if (passes.length < BATCH) return written;
    }
  }

  return {
    sendDueReminders,
    sendCreditExpiryNotices,
    sendClubPassEndingNotices,
    jobs: [
      defineJob({
        name: 'reminders.classes',
        // Every minute: the starting-soon mail has the meeting-link lead time to arrive in.
        cron: '* * * * *',
        retryLimit: 2,
        retryDelaySeconds: 10,
        expireInSeconds: 120,
        run: async () => {
          await sendDueReminders(nowOf(options.clock));
        },
      }),
      defineJob({
        name: 'reminders.credits-expiring',
        // Hourly: a notice days ahead needs no more, and a process that was down catches up within the hour.
        cron: '17 * * * *',
        retryLimit: 2,
        retryDelaySeconds: 60,
        expireInSeconds: 600,
        run: async () => {
          const now = nowOf(options.clock);
          await sendCreditExpiryNotices(now);
          await sendClubPassEndingNotices(now);
        },
      }),
    ],
  };
}

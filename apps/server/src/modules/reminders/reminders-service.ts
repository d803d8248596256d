import { MEETING_LINK_LEAD_MINUTES } from '@tokenly/contract/bookings';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/job-queue';
import { type Clock, nowOf } from '../../lib/clock';
import { findRecipients } from '../mail/mail-recipients';
import type { Mailer } from '../mail/mailer';
import { type ReminderKind, reminderMail } from '../mail/templates/reminder-mail';
import { lockDueClassReminders } from './reminders-repository';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Mails rendered in one transaction; a scan goes on batch by batch until nothing is due. */
const BATCH = 50;

export type RemindersOptions = {
  mailer: Mailer;
  clock: Clock;
  /** REMINDER_HOURS: the day-before reminder goes this long before the start. */
  classHours: number;
  mail: { appUrl: string; defaultTimeZone: string };
};

/**
 * Reminders of booked classes (issue 12, decision 006): a cron job scans, once a minute, for bookings
 * whose reminder is due and writes the mail through the outbox. Reading the bookings as they are then
 * (not jobs scheduled at booking time) means a cancelled booking or class, or a class moved to another
 * time, needs nothing undone; the outbox key `booking:<id>:<kind>` makes each reminder once-only.
 */
export function createReminders(db: Database, options: RemindersOptions) {
  const context = { ...options.mail, hoursBefore: options.classHours };

  async function sendBatch(kind: ReminderKind, now: Date): Promise<number> {
    const leadEnd = new Date(now.getTime() + MEETING_LINK_LEAD_MINUTES * MINUTE_MS);
    return db.transaction(async (tx) => {
      const due = await lockDueClassReminders(
        tx,
        kind === 'class-starting-soon'
          ? // When the join link is released (SPEC.md: MEETING_LINK_LEAD_MINUTES before), until the start.
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
        if (to) await options.mailer.enqueue(tx, await reminderMail(kind, to, found, context));
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

  return {
    sendDueReminders,
    jobs: [
      defineJob({
        name: 'reminders.classes',
        // Every minute: the starting-soon mail has MEETING_LINK_LEAD_MINUTES to arrive in.
        cron: '* * * * *',
        retryLimit: 2,
        retryDelaySeconds: 10,
        expireInSeconds: 120,
        run: async () => {
          await sendDueReminders(nowOf(options.clock));
        },
      }),
    ],
  };
}

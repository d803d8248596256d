import { randomUUID } from 'node:crypto';
import type { AdminClassRoster, AdminRosterEntry, ClassMessageBody } from '@tokenly/contract/class-roster';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findClassWithCourse } from '../calendar/calendar-repository';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { mailClassTitle } from '../mail/templates/class-mail';
import { classMessageMail } from '../mail/templates/class-message-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findClassOf } from '../teachers/teachers-repository';
import { type RosterRow, scheduleRoster } from './bookings-repository';

// The class screen's reads and its message to everyone booked; adding, removing and moving learners
// change credits and seats, and live with the other bookings in bookings-service.ts.

const toEntry = (row: RosterRow): AdminRosterEntry => ({
  booking_id: row.bookingId,
  user_id: row.userId,
  name: row.name,
  email: row.email,
  level: row.level,
  booked_at: row.bookedAt.toISOString(),
  status: row.status,
  cancelled_at: row.cancelledAt?.toISOString() ?? null,
  late_cancel: row.lateCancel,
  credits: row.credits,
  attendance: row.attendance,
  attendance_marked_at: row.attendanceMarkedAt?.toISOString() ?? null,
  waived: row.waivedAt !== null,
});

/** Who writes a class message: the school (an administrator) or the class's own teacher. */
export type MessageSender = { role: 'admin' } | { role: 'teacher'; id: number; name: string };

export function createClassRosterService(
  db: Database,
  options: { settings: SchoolSettingsSource; mailer: Mailer; mail: { appUrl: string } },
) {
  return {
    /** GET admin-course-schedule/:id/roster. */
    async roster(scheduleId: number): Promise<AdminClassRoster> {
      const [found, rows, school] = await Promise.all([
        findClassWithCourse(db, scheduleId),
        scheduleRoster(db, scheduleId),
        options.settings.current(),
      ]);
      if (!found) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      return {
        time_zone: school.timeZone,
        changed_at: found.schedule.changedAt?.toISOString() ?? null,
        roster: rows.map(toEntry),
      };
    },

    /**
     * One mail to each learner booked on the class, through the outbox in one transaction: an
     * operational mail, sent whatever the learner's mail preferences (they are about reminders and
     * notices). A teacher may write only to a class they teach; another's reads as missing.
     */
    async message(scheduleId: number, sender: MessageSender, body: ClassMessageBody): Promise<number> {
      const found = await findClassWithCourse(db, scheduleId);
      if (!found || (sender.role === 'teacher' && !(await findClassOf(db, sender.id, scheduleId))))
        throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      const booked = (await scheduleRoster(db, scheduleId)).filter((row) => row.status === 'booked');
      if (booked.length === 0) throw new AppError('CONFLICT', 'Nobody is booked on this class.');
      const school = await options.settings.current();
      const recipients = await findRecipients(
        db,
        booked.map((row) => row.userId),
      );
      // Each message is its own event: the same words sent twice are two messages, not one retried.
      const event = `schedule:${scheduleId}:message:${randomUUID()}`;
      const message = {
        sender: sender.role === 'teacher' ? sender.name : school.schoolName,
        classTitle: mailClassTitle(found.schedule.title, found.courseTitle),
        startsAt: found.schedule.startsAt,
        subject: body.subject,
        body: body.body,
      };
      await db.transaction(async (tx) => {
        for (const to of recipients.values()) {
          await options.mailer.enqueue(
            tx,
            classMessageMail(event, to, message, { appUrl: options.mail.appUrl, school }),
          );
        }
      });
      return recipients.size;
    },
  };
}

export type ClassRosterService = ReturnType<typeof createClassRosterService>;

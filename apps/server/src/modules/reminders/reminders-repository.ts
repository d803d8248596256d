import { and, asc, eq, getTableColumns, gt, isNull, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { type CreditLotRow, creditLots } from '../../db/schema/credit-lots';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import type { BookingWithClass } from '../bookings/bookings-repository';
import { spendableAt } from '../credits/credit-repository';
import { wantsMail } from '../mail/mail-preferences-repository';
import type { ReminderKind } from '../mail/templates/reminder-mail';

export type DueClassReminders = {
  kind: ReminderKind;
  /** Classes starting after this instant and no later than `startsBy`. */
  startsAfter: Date;
  startsBy: Date;
  /** Only bookings made at least this many hours before the start (the day-before reminder). */
  bookedHoursAhead?: number;
  limit: number;
};

/**
 * Active bookings of classes still on in the window that have no mail of this kind yet, locked (rows
 * another scan holds are skipped, not waited for): the caller writes their mail in the same
 * transaction, so a cancel waits for it or is seen by it, and two scans never pick the same booking.
 */
export async function lockDueClassReminders(
  tx: Database,
  due: DueClassReminders,
): Promise<BookingWithClass[]> {
  const conditions: SQL[] = [
    eq(bookings.status, 'booked'),
    eq(schedules.status, 'scheduled'),
    // A learner who turned this kind off gets none (Settings, or the one-click link of an earlier one),
    // nor does a disabled account.
    wantsMail(due.kind),
    isNull(users.disabledAt),
    gt(schedules.startsAt, due.startsAfter),
    lte(schedules.startsAt, due.startsBy),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(mailOutbox)
        .where(
          and(
            // The event of reminderMail: `booking:<id>:<kind>` (the outbox's idempotency key).
            eq(mailOutbox.event, sql`'booking:' || ${bookings.id} || ':' || ${due.kind}`),
            eq(mailOutbox.kind, due.kind),
          ),
        ),
    ),
  ];
  if (due.bookedHoursAhead !== undefined) {
    conditions.push(
      lte(bookings.createdAt, sql`${schedules.startsAt} - make_interval(hours => ${due.bookedHoursAhead})`),
    );
  }
  return tx
    .select({ booking: bookings, schedule: schedules, courseTitle: courses.courseTitle })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(and(...conditions))
    .orderBy(asc(schedules.startsAt), asc(bookings.id))
    .limit(due.limit)
    .for('update', { of: bookings, skipLocked: true });
}

/**
 * Lots with unused credits expiring after `now` and no later than `by` that have had no notice yet (the
 * outbox event `credit-lot:<id>`). A lot that lived less than the notice window from the start (a short
 * grant, a refund) gets none: its owner knew the date when it came.
 */
export async function dueCreditExpiryNotices(
  db: Database,
  due: { now: Date; by: Date; days: number; limit: number },
): Promise<CreditLotRow[]> {
  return db
    .select(getTableColumns(creditLots))
    .from(creditLots)
    .innerJoin(users, eq(users.id, creditLots.userId))
    .where(
      and(
        wantsMail('credits-expiring'),
        isNull(users.disabledAt),
        spendableAt(due.now),
        lte(creditLots.expiresAt, due.by),
        lte(creditLots.createdAt, sql`${creditLots.expiresAt} - make_interval(days => ${due.days})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailOutbox)
            .where(
              and(
                eq(mailOutbox.event, sql`'credit-lot:' || ${creditLots.id}`),
                eq(mailOutbox.kind, 'credits-expiring'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(creditLots.expiresAt), asc(creditLots.id))
    .limit(due.limit);
}

import type {
  ClosedDay,
  ClosedDayBody,
  ClosedDayClass,
  ClosedDayCreated,
  PublicClosedDay,
} from '@tokenly/contract/closed-days';
import type { Database } from '../../db/client';
import type { ClosedDayRow } from '../../db/schema/closed-days';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { addDays, parseLocalDate, startOfLocalDay, toLocalDateTime } from '../../lib/time-zone';
import type { BookingsService } from '../bookings/bookings-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { isoDate } from '../series/series-rule';
import {
  classesStartingBetween,
  deleteClosedDay,
  findClosedDays,
  insertClosedDay,
  listClosedDays,
} from './closed-days-repository';

const toDto = (row: ClosedDayRow): ClosedDay => ({ id: row.id, day: row.day, name: row.name });

/** The school's day an instant falls on, as an ISO date. */
export const schoolDayOf = (instant: Date, timeZone: string): string =>
  isoDate(toLocalDateTime(instant, timeZone));

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Fri 25 Dec 2026 (Christmas Day)": how the administrator reads a closed day. */
export const describeClosedDay = (row: Pick<ClosedDayRow, 'day' | 'name'>) =>
  `${dayFormat.format(new Date(`${row.day}T00:00:00Z`)).replace(',', '')} (${row.name})`;

/** The closed days the instants fall on (the school's days), by ISO date. */
export async function closedDaysOf(
  db: Database,
  starts: Date[],
  timeZone: string,
): Promise<Map<string, ClosedDayRow>> {
  const days = [...new Set(starts.map((start) => schoolDayOf(start, timeZone)))];
  return new Map((await findClosedDays(db, { days })).map((row) => [row.day, row]));
}

/** The field a refusal names, which the request sets to true to schedule anyway. */
const ALLOW_CLOSED_DAY = 'allow_closed_day';

/**
 * Refuses (409) a class put on a day the school is closed, naming the day, unless the administrator
 * confirmed it (`allow`): a make-up class on a holiday is the school's call.
 */
export async function ensureSchoolOpen(
  db: Database,
  request: { starts: Date[]; allow?: boolean; timeZone: string },
): Promise<void> {
  if (request.allow || request.starts.length === 0) return;
  const closed = [...(await closedDaysOf(db, request.starts, request.timeZone)).values()];
  const [first, ...rest] = closed;
  if (!first) return;
  const more =
    rest.length === 0 ? '' : ` and ${rest.length} more closed ${rest.length === 1 ? 'day' : 'days'}`;
  const message = `The school is closed on ${describeClosedDay(first)}${more}. Confirm to schedule anyway.`;
  throw new AppError('CONFLICT', message, { [ALLOW_CLOSED_DAY]: [message] });
}

export function createClosedDaysService(
  db: Database,
  options: {
    clock: Clock;
    settings: SchoolSettingsSource;
    /** The school's cancel of a class: refunds, mails, reminders and waitlist, as Cancel class does. */
    bookings: Pick<BookingsService, 'cancelSchedule'>;
  },
) {
  /**
   * The classes still on and still to start on the school's day: one under way is history (its learners
   * were there), so closing the day never cancels it.
   */
  async function classesOn(day: string) {
    const { timeZone } = await options.settings.current();
    const date = parseLocalDate(day);
    const midnight = startOfLocalDay(date, timeZone);
    const now = new Date(nowOf(options.clock).getTime() + 1);
    return classesStartingBetween(
      db,
      midnight > now ? midnight : now,
      startOfLocalDay(addDays(date, 1), timeZone),
    );
  }

  return {
    list: async (): Promise<ClosedDay[]> => (await listClosedDays(db)).map(toDto),

    /** What closing the day would reach: the classes still on it, with their booked seats. */
    async classesOn(day: string): Promise<ClosedDayClass[]> {
      return (await classesOn(day)).map((row) => ({
        id: row.id,
        title: row.title,
        starts_at: row.startsAt.toISOString(),
        teacher_name: row.teacherName,
        seats_taken: row.seatsTaken,
      }));
    },

    /**
     * Closes the day; with `cancel_classes`, each class still on it (not yet started) is cancelled by the
     * school's one cancel path, each in its own transaction like "cancel this and following".
     */
    async create(body: ClosedDayBody): Promise<ClosedDayCreated> {
      const row = await insertClosedDay(db, {
        day: body.day,
        name: body.name,
        createdAt: nowOf(options.clock),
      });
      if (!row) {
        const message = 'This day is already closed.';
        throw new AppError('CONFLICT', message, { day: [message] });
      }
      let cancelled = 0;
      let refunded = 0;
      if (body.cancel_classes) {
        for (const found of await classesOn(body.day)) {
          refunded += (await options.bookings.cancelSchedule(found.id)).refunded_bookings;
          cancelled += 1;
        }
      }
      return { ...toDto(row), cancelled_classes: cancelled, refunded_bookings: refunded };
    },

    async remove(id: number): Promise<void> {
      if (!(await deleteClosedDay(db, id)))
        throw new AppError('NOT_FOUND', 'This closed day does not exist.');
    },

    /** The timetable's closed days: date and name. */
    async between(from: string, to: string): Promise<PublicClosedDay[]> {
      return (await findClosedDays(db, { from, to })).map(({ day, name }) => ({ day, name }));
    },
  };
}

export type ClosedDaysService = ReturnType<typeof createClosedDaysService>;

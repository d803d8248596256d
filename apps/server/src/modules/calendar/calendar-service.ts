import type { CalendarClass } from '@tokenly/contract/bookings';
import type { Database } from '../../db/client';
import { addDays, fromLocalDateTime, type LocalDate } from '../../lib/time-zone';
import { type ClassWithCourse, listClassesBetween } from './calendar-repository';

function parseDate(value: string): LocalDate {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  return { year, month, day };
}

/** Midnight of a local day in the zone; DST days are 23 or 25 hours long, so never add 24 h. */
function startOfDay(date: LocalDate, timeZone: string): Date {
  return fromLocalDateTime({ ...date, hour: 0, minute: 0 }, timeZone);
}

function toCalendarClass(
  { schedule, courseTitle, courseColor, courseLevel, courseDescription }: ClassWithCourse,
  now: Date,
): CalendarClass {
  const startsAt = schedule.startsAt.toISOString();
  const seatsLeft = Math.max(0, schedule.noOfUsers - schedule.seatsTaken);
  return {
    id: schedule.id,
    course_id: schedule.courseId,
    course_title: courseTitle,
    course_color: courseColor,
    course_level: courseLevel,
    course_description: courseDescription,
    title: schedule.title,
    number_token: schedule.numberToken,
    schedule_time: startsAt,
    starts_at: startsAt,
    duration_min: schedule.durationMin,
    seats_left: seatsLeft,
    bookable: seatsLeft > 0 && schedule.startsAt > now,
  };
}

export function createCalendarService(db: Database, options: { defaultTimeZone: string }) {
  return {
    /** Classes of local days from..to (inclusive) in the viewer's zone, or the school's. */
    async between(from: string, to: string, timeZone: string | undefined): Promise<CalendarClass[]> {
      const zone = timeZone ?? options.defaultTimeZone;
      const start = startOfDay(parseDate(from), zone);
      const end = startOfDay(addDays(parseDate(to), 1), zone);
      const now = new Date();
      return (await listClassesBetween(db, start, end)).map((row) => toCalendarClass(row, now));
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

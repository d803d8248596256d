import type { CalendarClass, ClassDetails, TimetableOptions } from '@tokenly/contract/bookings';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { addDays, parseLocalDate, startOfLocalDay } from '../../lib/time-zone';
import { listActiveCourses } from '../courses/courses-repository';
import { toLevelRange } from '../levels/level-range';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { listTeacherOptions } from '../teachers/teachers-repository';
import {
  findClassWithCourse,
  type ListedClass,
  listClassesBetween,
  listFirstClassesBetween,
} from './calendar-repository';

function toCalendarClass(
  {
    schedule,
    courseTitle,
    courseColor,
    levelMin,
    levelMax,
    courseDescription,
    courseClub,
    teacherName,
  }: ListedClass,
  now: Date,
  cutoffMs: number,
): CalendarClass {
  const startsAt = schedule.startsAt.toISOString();
  const seatsLeft = Math.max(0, schedule.noOfUsers - schedule.seatsTaken);
  return {
    id: schedule.id,
    course_id: schedule.courseId,
    course_title: courseTitle,
    course_color: courseColor,
    ...toLevelRange({ levelMin, levelMax }),
    course_description: courseDescription,
    club: courseClub ?? false,
    title: schedule.title,
    number_token: schedule.numberToken,
    schedule_time: startsAt,
    starts_at: startsAt,
    duration_min: schedule.durationMin,
    seats_left: seatsLeft,
    bookable: seatsLeft > 0 && schedule.startsAt > now,
    // Joining closes with promotion, WAITLIST_CUTOFF_HOURS before the start.
    waitlist_open: seatsLeft === 0 && schedule.startsAt.getTime() - cutoffMs > now.getTime(),
    series_id: schedule.seriesId,
    teacher_id: schedule.teacherId,
    teacher_name: teacherName,
  };
}

const HOUR_MS = 60 * 60 * 1000;
/** The home banner's card: the next classes, how many and how far ahead. */
export const UPCOMING_CLASSES = 3;
export const UPCOMING_DAYS = 14;
/** How far ahead the timetable looks for its next class. */
const NEXT_CLASS_DAYS = 366;

export function createCalendarService(
  db: Database,
  { settings, clock }: { settings: SchoolSettingsSource; clock: Clock },
) {
  return {
    /** Classes of local days from..to (inclusive) in the viewer's zone, or the school's. */
    async between(from: string, to: string, timeZone: string | undefined): Promise<CalendarClass[]> {
      const school = await settings.current();
      const zone = timeZone ?? school.timeZone;
      const start = startOfLocalDay(parseLocalDate(from), zone);
      const end = startOfLocalDay(addDays(parseLocalDate(to), 1), zone);
      const now = nowOf(clock);
      const cutoffMs = school.waitlistCutoffHours * HOUR_MS;
      return (await listClassesBetween(db, start, end)).map((row) => toCalendarClass(row, now, cutoffMs));
    },

    /**
     * The next classes to start, for the home banner: the same items as the calendar's feed, without
     * days to name, so the page can ask for them before its code knows the viewer's zone.
     */
    async upcoming(): Promise<CalendarClass[]> {
      const now = nowOf(clock);
      const until = new Date(now.getTime() + UPCOMING_DAYS * 24 * HOUR_MS);
      const [rows, school] = await Promise.all([
        listFirstClassesBetween(db, now, until, UPCOMING_CLASSES),
        settings.current(),
      ]);
      const cutoffMs = school.waitlistCutoffHours * HOUR_MS;
      return rows.map((row) => toCalendarClass(row, now, cutoffMs));
    },

    /**
     * The timetable's filters offer every active class type and teacher, whatever the week shows; the
     * next class's start lets it open on the first week that has one.
     */
    async timetableOptions(): Promise<TimetableOptions> {
      const now = nowOf(clock);
      const until = new Date(now.getTime() + NEXT_CLASS_DAYS * 24 * HOUR_MS);
      const [types, teachers, [next]] = await Promise.all([
        listActiveCourses(db),
        listTeacherOptions(db),
        listFirstClassesBetween(db, now, until, 1),
      ]);
      return {
        types: types.map((type) => ({ id: type.id, title: type.courseTitle })),
        teachers,
        next_class_at: next ? next.schedule.startsAt.toISOString() : null,
      };
    },

    /** One class for its page; a cancelled one is neither bookable nor open to the waitlist. */
    async one(id: number): Promise<ClassDetails> {
      const [row, school] = await Promise.all([findClassWithCourse(db, id), settings.current()]);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      const on = row.schedule.status === 'scheduled';
      const listed = toCalendarClass(row, nowOf(clock), school.waitlistCutoffHours * HOUR_MS);
      return {
        ...listed,
        bookable: on && listed.bookable,
        waitlist_open: on && listed.waitlist_open,
        status: row.schedule.status,
        teacher_bio: row.teacherBio,
      };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

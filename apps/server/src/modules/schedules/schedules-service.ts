import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import type {
  AdminSchedulesQuery,
  Schedule,
  ScheduleBody,
  ScheduleChangePreview,
} from '@tokenly/contract/schedules';
import type { Database } from '../../db/client';
import type { ScheduleRow } from '../../db/schema/schedules';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { addDays, parseLocalDate, startOfLocalDay } from '../../lib/time-zone';
import type { Memo } from '../../plugins/response-cache';
import type { RoomsRequest } from '../classroom/classroom.module';
import { ensureSchoolOpen } from '../closed-days/closed-days-service';
import { findCourse } from '../courses/courses-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findFollowing, findSeries } from '../series/series-repository';
import { followingStart } from '../series/series-rule';
import { findUserWithRole } from '../users/users-repository';
import type { WaitlistService } from '../waitlist/waitlist-service';
import { type ClassChanges, classChanges } from './class-changes';
import { bookedLearnersOf, waitingLearnersOf } from './class-changes-repository';
import {
  findSchedule,
  insertSchedule,
  listScheduleOrder,
  listSchedulesOf,
  type ScheduleFilter,
  type ScheduleWithCourse,
  updateScheduleWithinCapacity,
} from './schedules-repository';
import {
  changedPeriods,
  describeClashes,
  ensureTeacherFree,
  periodOf,
  teacherClashes,
} from './teacher-clash';

export function toScheduleDto(schedule: ScheduleWithCourse): Schedule {
  return {
    id: schedule.id,
    course_id: schedule.courseId,
    course: { course_title: schedule.courseTitle, course_color: schedule.courseColor },
    title: schedule.title,
    schedule_time: schedule.startsAt.toISOString(),
    no_of_users: schedule.noOfUsers,
    seats_taken: schedule.seatsTaken,
    waitlist_count: schedule.waitlistCount,
    number_token: schedule.numberToken,
    meeting_link: schedule.meetingLink,
    meeting_start: schedule.meetingStart,
    teacher_id: schedule.teacherId,
    teacher_name: schedule.teacherName,
    status: schedule.status,
    series_id: schedule.seriesId,
  };
}

export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', message, { [field]: [message] });

export function capacityBelowSeats(seatsTaken: number) {
  return invalid(
    'no_of_users',
    `No of users cannot be below the ${seatsTaken} seat${seatsTaken === 1 ? '' : 's'} already booked.`,
  );
}

export function toValues(body: ScheduleBody, numberToken: number) {
  return {
    courseId: body.course_id,
    title: body.title,
    startsAt: body.date,
    noOfUsers: body.no_of_users,
    numberToken,
    meetingLink: body.meeting_link,
    meetingStart: body.meeting_start,
    teacherId: body.teacher_id,
  };
}

/** A class or a series is given by a teacher account, never by a learner or an administrator. */
export async function ensureTeacher(db: Database, teacherId: number | null): Promise<void> {
  if (teacherId === null) return;
  const teacher = await findUserWithRole(db, teacherId, 'teacher');
  if (!teacher) throw invalid('teacher_id', 'Choose an existing teacher.');
  // A disabled teacher cannot sign in to see the class; the picker hides them, and so does this check.
  if (teacher.disabledAt !== null) throw invalid('teacher_id', 'This teacher is disabled; choose another.');
}

export function createSchedulesService(
  db: Database,
  {
    waitlist,
    settings,
    clock,
    memo,
    changes,
    rooms,
  }: {
    waitlist: Pick<WaitlistService, 'promote'>;
    settings: SchoolSettingsSource;
    clock: Clock;
    /** Learners booked on (or waiting for) a class that changes are told. */
    changes: ClassChanges;
    /** The list's order, read once per window and shared by its pages (plugins/response-cache.ts). */
    memo: Memo;
    /** A new class gets its video room. */
    rooms: RoomsRequest;
  },
) {
  /** The filter's days are the school's days: from its midnight to the midnight after `to`. */
  async function filterOf({
    course_id,
    series_id,
    teacher_id,
    from,
    to,
  }: Omit<AdminSchedulesQuery, 'page'>): Promise<ScheduleFilter> {
    // Read only for a filter by days: the unfiltered list, an admin's usual page, needs no settings.
    const midnight = async (day: string, later = 0) =>
      startOfLocalDay(addDays(parseLocalDate(day), later), (await settings.current()).timeZone);
    return {
      courseId: course_id,
      seriesId: series_id,
      teacherId: teacher_id,
      since: from === undefined ? undefined : await midnight(from),
      before: to === undefined ? undefined : await midnight(to, 1),
    };
  }

  async function getWithCourse(id: number): Promise<ScheduleWithCourse> {
    const schedule = await findSchedule(db, id);
    if (!schedule) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    return schedule;
  }

  async function getDto(id: number): Promise<Schedule> {
    return toScheduleDto(await getWithCourse(id));
  }

  return {
    /** Classes still to come first (soonest first), then past ones (latest first): what an admin looks for. */
    async list({ page, ...filters }: AdminSchedulesQuery): Promise<Paginated<Schedule>> {
      const filter = await filterOf(filters);
      const { upcoming, past } = await memo(`schedules-order:${JSON.stringify(filter)}`, () =>
        listScheduleOrder(db, nowOf(clock), filter),
      );
      const offset = pageOffset(page);
      const ids = upcoming.slice(offset, offset + PAGE_SIZE);
      const pastFrom = Math.max(0, offset - upcoming.length);
      ids.push(...past.slice(pastFrom, pastFrom + PAGE_SIZE - ids.length));
      const byId = new Map((await listSchedulesOf(db, ids)).map((row) => [row.id, row]));
      // A class deleted since the order was read is left out of its page.
      const rows = ids.flatMap((id) => byId.get(id) ?? []);
      return toPage(rows.map(toScheduleDto), upcoming.length + past.length, page);
    },

    async get(id: number): Promise<Schedule> {
      return getDto(id);
    },

    /** SPEC.md: the add form refuses past dates; credits default to the type's number_token. */
    async create(body: ScheduleBody): Promise<Schedule> {
      await ensureTeacher(db, body.teacher_id);
      const course = await findCourse(db, body.course_id);
      if (!course) throw invalid('course_id', 'Choose an existing class type.');
      if (course.status !== '1')
        throw invalid('course_id', 'This class type is inactive; activate it first.');
      if (body.date.getTime() <= clock.now()) throw invalid('date', 'Choose a date and time in the future.');
      const { timeZone } = await settings.current();
      await ensureSchoolOpen(db, { starts: [body.date], allow: body.allow_closed_day, timeZone });
      await ensureTeacherFree(db, {
        teacherId: body.teacher_id,
        periods: [periodOf(body.date)],
        allow: body.allow_teacher_clash,
        timeZone,
      });
      const created = await db.transaction(async (tx) => {
        const row = await insertSchedule(tx, toValues(body, body.token ?? course.numberToken));
        await rooms.classesMade(tx);
        return row;
      });
      return getDto(created.id);
    },

    /**
     * SPEC.md: the edit form allows past dates. Capacity never drops below the seats already booked; a
     * raised one goes to the waitlist in the same transaction.
     */
    async update(id: number, body: ScheduleBody): Promise<Schedule> {
      const current = await getWithCourse(id);
      if (body.course_id !== current.courseId && !(await findCourse(db, body.course_id))) {
        throw invalid('course_id', 'Choose an existing class type.');
      }
      if (body.no_of_users < current.seatsTaken) throw capacityBelowSeats(current.seatsTaken);
      if (body.teacher_id !== current.teacherId) await ensureTeacher(db, body.teacher_id);
      const { timeZone } = await settings.current();
      // Only a move is checked: a class left where it was is not held up by a day closed since.
      const moved = body.date.getTime() !== current.startsAt.getTime();
      await ensureSchoolOpen(db, {
        starts: moved ? [body.date] : [],
        allow: body.allow_closed_day,
        timeZone,
      });
      await ensureTeacherFree(db, {
        teacherId: body.teacher_id,
        periods: changedPeriods(body.teacher_id !== current.teacherId, [{ ...current, newStart: body.date }]),
        except: [id],
        allow: body.allow_teacher_clash,
        timeZone,
      });
      const updated = await db.transaction(async (tx) => {
        const row = await updateScheduleWithinCapacity(
          tx,
          id,
          toValues(body, body.token ?? current.numberToken),
        );
        if (row) {
          await waitlist.promote(tx, id);
          await changes.announce(tx, current);
        }
        return row;
      });
      if (!updated) {
        // A booking arrived after the check above (or the class vanished): report what is true now.
        const now = await getWithCourse(id);
        throw capacityBelowSeats(now.seatsTaken);
      }
      return getDto(id);
    },

    /**
     * What saving the edit form's values would do to people, nothing saved: the changes learners would
     * be told of (those of this class; with `following`, each later class of its series moves alike), who
     * is booked on and waiting for the classes it reaches, and the clash a save would be refused for.
     */
    async previewChange(
      id: number,
      body: ScheduleBody & { following?: boolean },
    ): Promise<ScheduleChangePreview> {
      const current = await getWithCourse(id);
      let reached: ScheduleRow[] = [current];
      let startOf = (_row: ScheduleRow) => body.date;
      if (body.following) {
        const series = current.seriesId === null ? undefined : await findSeries(db, current.seriesId);
        if (!series) throw new AppError('CONFLICT', MESSAGES.notInSeries);
        reached = await findFollowing(db, series.id, current.startsAt);
        startOf = (row) => followingStart(row, { id, date: body.date }, series.timeZone);
      }
      const ids = reached.map((row) => row.id);
      const [course, teacher, school, booked, waiting] = await Promise.all([
        body.course_id === current.courseId ? undefined : findCourse(db, body.course_id),
        body.teacher_id === null ? undefined : findUserWithRole(db, body.teacher_id, 'teacher'),
        settings.current(),
        bookedLearnersOf(db, ids),
        waitingLearnersOf(db, ids),
      ]);
      const after = {
        startsAt: body.date,
        teacherId: body.teacher_id,
        teacherName: teacher?.name ?? null,
        courseId: body.course_id,
        courseTitle: course?.courseTitle ?? current.courseTitle,
        meetingLink: body.meeting_link,
      };
      const periods = changedPeriods(
        body.teacher_id !== current.teacherId,
        reached.map((row) => ({ ...row, newStart: startOf(row) })),
      );
      const clashes = body.teacher_id === null ? [] : await teacherClashes(db, body.teacher_id, periods, ids);
      const bookedIds = new Set(booked.map((learner) => learner.id));
      return {
        classes: reached.length,
        changes: classChanges(current, after, await changes.momentOf(current.startsAt, body.date)),
        booked,
        waiting: waiting.filter((learner) => !bookedIds.has(learner.id)),
        teacher_clash: clashes.length === 0 ? null : describeClashes(clashes, school.timeZone),
      };
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;

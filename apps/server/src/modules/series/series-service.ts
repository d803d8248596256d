import type { PublicClosedDay } from '@tokenly/contract/closed-days';
import { MESSAGES } from '@tokenly/contract/messages';
import type { ScheduleBody } from '@tokenly/contract/schedules';
import type {
  BookSeriesResult,
  ClassSeries,
  ClassSeriesList,
  SeriesBookingPreview,
  SeriesCreateBody,
  SeriesSkipReason,
} from '@tokenly/contract/series';
import type { Database } from '../../db/client';
import type { ScheduleRow } from '../../db/schema/schedules';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { addDays, parseLocalDate, toLocalDateTime } from '../../lib/time-zone';
import { bookedScheduleIds } from '../bookings/bookings-repository';
import type { BookingLearner, BookingsService } from '../bookings/bookings-service';
import { countClubBookingsBetween, isClubClass } from '../bookings/club-bookings-repository';
import type { RoomsRequest } from '../classroom/classroom.module';
import { closedDaysOf, ensureSchoolOpen, schoolDayOf } from '../closed-days/closed-days-service';
import { findClubPass } from '../club-pass/club-pass-repository';
import { passCovers, schoolWeekOf } from '../club-pass/club-pass-service';
import { findCourse } from '../courses/courses-repository';
import { getBalance } from '../credits/credit-service';
import { bookingLevelOf, checkBookingLevel } from '../levels/level-rule';
import { classLevelRange } from '../levels/levels-repository';
import type { ClassChanges } from '../schedules/class-changes';
import {
  findSchedule,
  listSchedulesOf,
  type ScheduleValues,
  updateScheduleWithinCapacity,
} from '../schedules/schedules-repository';
import { capacityBelowSeats, ensureTeacher, invalid, toValues } from '../schedules/schedules-service';
import { changedPeriods, ensureTeacherFree, periodOf } from '../schedules/teacher-clash';
import type { CurrentSchoolSettings, SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { WaitlistService } from '../waitlist/waitlist-service';
import {
  findFollowing,
  findSeries,
  insertSeries,
  insertSeriesClasses,
  listSeriesWithCounts,
  lockSeries,
  type SeriesWithCounts,
  updateSeries,
} from './series-repository';
import { followingStart, isoDate, occurrencesOf, pad } from './series-rule';

function toDto(row: SeriesWithCounts): ClassSeries {
  return {
    id: row.id,
    course_id: row.courseId,
    course_title: row.courseTitle,
    title: row.title,
    weekdays: row.weekdays,
    start_time: row.startTime,
    time_zone: row.timeZone,
    first_date: row.firstDate,
    end_date: row.endDate,
    classes: row.classes,
    upcoming: row.upcoming,
  };
}

/**
 * A class's fields without its start: what a series keeps for the classes it makes, and what a class
 * takes from its series (the series row has the same fields).
 */
function classFields(values: Omit<ScheduleValues, 'startsAt'>): Omit<ScheduleValues, 'startsAt'> {
  return {
    courseId: values.courseId,
    title: values.title,
    noOfUsers: values.noOfUsers,
    numberToken: values.numberToken,
    meetingLink: values.meetingLink,
    meetingStart: values.meetingStart,
    teacherId: values.teacherId,
  };
}

/** Why book() refused one class, as a reason the confirmation can list. */
function skipReason(error: unknown): SeriesSkipReason {
  if (!(error instanceof AppError)) throw error;
  if (error.message === MESSAGES.classFull) return 'full';
  if (error.message === MESSAGES.alreadyBooked) return 'already_booked';
  if (error.message === MESSAGES.noCredit) return 'not_enough_credits';
  if (error.options.written?.key === 'levelRefused') return 'outside_level';
  if (error.message === MESSAGES.clubPassNeeded) return 'needs_club_pass';
  if (error.options.written?.key === 'clubWeekFull') return 'club_week_full';
  return 'unavailable';
}

type SeriesCreated = ClassSeries & { created: number; skipped_closed_days: PublicClosedDay[] };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 'es'}`;

/**
 * The starts of a rule that are not on a closed day (the school's days), and the closed days left out.
 * Read in the caller's transaction when it has one (PGlite has one connection).
 */
async function openStarts(db: Database, starts: Date[], timeZone: string) {
  const closed = await closedDaysOf(db, starts, timeZone);
  const kept = starts.filter((start) => !closed.has(schoolDayOf(start, timeZone)));
  const skipped = [...closed.values()].map(({ day, name }) => ({ day, name }));
  return { kept, skipped };
}

export type SeriesServiceOptions = {
  clock: Clock;
  /** The school's zone at its creation: a new series keeps its wall-clock time in it. */
  settings: SchoolSettingsSource;
  bookings: Pick<BookingsService, 'book' | 'cancelSchedule'>;
  waitlist: Pick<WaitlistService, 'promote'>;
  /** Learners booked on (or waiting for) a class that changes are told. */
  changes: Pick<ClassChanges, 'announce'>;
  /** New classes get their video rooms. */
  rooms: RoomsRequest;
};

export function createSeriesService(db: Database, options: SeriesServiceOptions) {
  async function dto(id: number): Promise<ClassSeries> {
    const [row] = await listSeriesWithCounts(db, nowOf(options.clock), id);
    if (!row) throw new AppError('NOT_FOUND', 'This series does not exist.');
    return toDto(row);
  }

  /** The class and its series; a one-off class has none to work on. */
  async function classInSeries(scheduleId: number): Promise<{ schedule: ScheduleRow; seriesId: number }> {
    const schedule = await findSchedule(db, scheduleId);
    if (!schedule) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    if (schedule.seriesId === null) throw new AppError('CONFLICT', MESSAGES.notInSeries);
    return { schedule, seriesId: schedule.seriesId };
  }

  /**
   * The class, when "this and following" may start from it: one that has started is history (its
   * bookings were used), so neither an edit nor a cancel of the rest may sweep it and those before now.
   */
  async function upcomingClassInSeries(scheduleId: number) {
    const found = await classInSeries(scheduleId);
    if (found.schedule.startsAt <= nowOf(options.clock)) {
      throw new AppError(
        'CONFLICT',
        'This class has already started: choose a class still to come to change it and the following ones.',
      );
    }
    return found;
  }

  /** What a learner could still book of the series from this class on: on, and not yet started. */
  /**
   * The Club pass's answer for each class of a club series in date order, as booking them one by one
   * would meet it: the pass must cover the start, and each school week holds the allowance, counting the
   * club classes already booked in it and those this series would book before.
   */
  async function clubPlaces(userId: number, school: CurrentSchoolSettings) {
    const pass = await findClubPass(db, userId);
    const weeks = new Map<number, number>();
    return async (startsAt: Date): Promise<SeriesSkipReason | undefined> => {
      if (!passCovers(pass, startsAt)) return 'needs_club_pass';
      const week = schoolWeekOf(startsAt, school.timeZone);
      const taken = weeks.get(week.start.getTime()) ?? (await countClubBookingsBetween(db, userId, week));
      if (taken >= school.clubSessionsPerWeek) return 'club_week_full';
      weeks.set(week.start.getTime(), taken + 1);
      return undefined;
    };
  }

  async function remaining(scheduleId: number) {
    const { schedule, seriesId } = await classInSeries(scheduleId);
    const now = nowOf(options.clock);
    const from = schedule.startsAt > now ? schedule.startsAt : new Date(now.getTime() + 1);
    return { schedule, seriesId, now, classes: await findFollowing(db, seriesId, from) };
  }

  return {
    list: async (): Promise<ClassSeriesList> => {
      const [school, rows] = await Promise.all([
        options.settings.current(),
        listSeriesWithCounts(db, nowOf(options.clock)),
      ]);
      return { time_zone: school.timeZone, series: rows.map(toDto) };
    },

    /**
     * The rule and its classes in one transaction; classes already past on the first day are left out, and
     * so are those on the school's closed days.
     */
    async create(body: SeriesCreateBody): Promise<SeriesCreated> {
      const course = await findCourse(db, body.course_id);
      if (!course) throw invalid('course_id', 'Choose an existing class type.');
      if (course.status !== '1')
        throw invalid('course_id', 'This class type is inactive; activate it first.');
      await ensureTeacher(db, body.teacher_id);
      const first = parseLocalDate(body.first_date);
      const last = body.end_date ? parseLocalDate(body.end_date) : addDays(first, (body.weeks ?? 1) * 7 - 1);
      const { timeZone } = await options.settings.current();
      const rule = { weekdays: body.weekdays, startTime: body.start_time, timeZone };
      const now = nowOf(options.clock);
      const { kept: starts, skipped } = await openStarts(
        db,
        occurrencesOf(rule, first, last).filter((start) => start > now),
        timeZone,
      );
      if (starts.length === 0) {
        throw invalid(
          'first_date',
          skipped.length > 0
            ? 'Every class of this series would be on a closed day or in the past; check the days and dates.'
            : 'No class of this series would be in the future; check the days and dates.',
        );
      }
      await ensureTeacherFree(db, {
        teacherId: body.teacher_id,
        periods: starts.map((start) => periodOf(start)),
        allow: body.allow_teacher_clash,
        timeZone,
      });
      const fields = classFields(toValues({ ...body, date: now }, body.token ?? course.numberToken));
      const { id, created } = await db.transaction(async (tx) => {
        const series = await insertSeries(tx, {
          ...fields,
          weekdays: rule.weekdays,
          startTime: rule.startTime,
          timeZone: rule.timeZone,
          firstDate: body.first_date,
          endDate: isoDate(last),
        });
        await options.rooms.classesMade(tx);
        return { id: series.id, created: await insertSeriesClasses(tx, series.id, fields, starts) };
      });
      return { ...(await dto(id)), created, skipped_closed_days: skipped };
    },

    /** More weeks after the end date, with the series' current fields (kept up to date by "this and following"). */
    async extend(id: number, weeks: number): Promise<SeriesCreated> {
      const { timeZone } = await options.settings.current();
      const { created, skipped } = await db.transaction(async (tx) => {
        const series = await lockSeries(tx, id);
        if (!series) throw new AppError('NOT_FOUND', 'This series does not exist.');
        const first = addDays(parseLocalDate(series.endDate), 1);
        const last = addDays(first, weeks * 7 - 1);
        const now = nowOf(options.clock);
        const open = await openStarts(
          tx,
          occurrencesOf(series, first, last).filter((start) => start > now),
          timeZone,
        );
        await updateSeries(tx, id, { endDate: isoDate(last) });
        await options.rooms.classesMade(tx);
        return {
          created: await insertSeriesClasses(tx, id, classFields(series), open.kept),
          skipped: open.skipped,
        };
      });
      return { ...(await dto(id)), created, skipped_closed_days: skipped };
    },

    /**
     * "This and following": every class of the series from this one on that is still on gets the fields;
     * this class the date as given, the following ones its time of day (in the series' zone) on their own
     * days. All or none: a capacity below the seats of any of them refuses the whole change.
     */
    async updateFollowing(scheduleId: number, body: ScheduleBody): Promise<{ updated: number }> {
      const { schedule, seriesId } = await upcomingClassInSeries(scheduleId);
      const series = await findSeries(db, seriesId);
      if (!series) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      if (body.course_id !== schedule.courseId && !(await findCourse(db, body.course_id))) {
        throw invalid('course_id', 'Choose an existing class type.');
      }
      if (body.teacher_id !== schedule.teacherId) await ensureTeacher(db, body.teacher_id);
      const local = toLocalDateTime(body.date, series.timeZone);
      const time = { hour: local.hour, minute: local.minute };
      const startTime = `${pad(time.hour)}:${pad(time.minute)}`;
      const values = toValues(body, body.token ?? schedule.numberToken);
      const startOf = (row: ScheduleRow) =>
        followingStart(row, { id: schedule.id, date: body.date }, series.timeZone);
      const reached = await findFollowing(db, seriesId, schedule.startsAt);
      const { timeZone } = await options.settings.current();
      // No class is moved onto a closed day unless the administrator confirms.
      await ensureSchoolOpen(db, {
        starts: reached
          .map((row) => ({ from: row.startsAt, to: startOf(row) }))
          .filter((move) => move.from.getTime() !== move.to.getTime())
          .map((move) => move.to),
        allow: body.allow_closed_day,
        timeZone,
      });
      await ensureTeacherFree(db, {
        teacherId: body.teacher_id,
        periods: changedPeriods(
          body.teacher_id !== schedule.teacherId,
          reached.map((row) => ({ ...row, newStart: startOf(row) })),
        ),
        except: reached.map((row) => row.id),
        allow: body.allow_teacher_clash,
        timeZone,
      });
      const updated = await db.transaction(async (tx) => {
        const following = await listSchedulesOf(
          tx,
          (await findFollowing(tx, seriesId, schedule.startsAt)).map((row) => row.id),
        );
        following.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
        for (const row of following) {
          const startsAt = startOf(row);
          if (!(await updateScheduleWithinCapacity(tx, row.id, { ...values, startsAt }))) {
            throw capacityBelowSeats(row.seatsTaken);
          }
          await options.waitlist.promote(tx, row.id);
          await options.changes.announce(tx, row);
        }
        await updateSeries(tx, seriesId, { ...classFields(values), startTime });
        return following.length;
      });
      return { updated };
    },

    /** Cancels this class and the following ones, each exactly as the admin's single cancel does. */
    async cancelFollowing(
      scheduleId: number,
    ): Promise<{ cancelled_classes: number; refunded_bookings: number }> {
      const { schedule, seriesId } = await upcomingClassInSeries(scheduleId);
      const following = await findFollowing(db, seriesId, schedule.startsAt);
      let refunded = 0;
      for (const row of following)
        refunded += (await options.bookings.cancelSchedule(row.id)).refunded_bookings;
      return { cancelled_classes: following.length, refunded_bookings: refunded };
    },

    /** What booking the rest would do, in date order while the balance lasts; nothing is taken. */
    async preview(
      { id: userId, cefrLevel }: Pick<BookingLearner, 'id' | 'cefrLevel'>,
      scheduleId: number,
    ): Promise<SeriesBookingPreview> {
      const { seriesId, now, classes } = await remaining(scheduleId);
      const series = await dto(seriesId);
      const [balance, booked, range, school, club] = await Promise.all([
        getBalance(db, userId, now),
        bookedScheduleIds(db, userId, now).then((ids) => new Set(ids)),
        classLevelRange(db, scheduleId),
        options.settings.current(),
        isClubClass(db, scheduleId),
      ]);
      const clubPlace = club ? await clubPlaces(userId, school) : undefined;
      let left = balance;
      const preview: SeriesBookingPreview = {
        series_id: seriesId,
        course_title: series.course_title,
        title: series.title,
        club,
        to_book: [],
        skipped: [],
        total_credits: 0,
        balance,
        balance_after: balance,
        level: bookingLevelOf(cefrLevel, range ?? { levelMin: null, levelMax: null }, school.levelRule),
      };
      for (const row of classes) {
        const credits = club ? 0 : row.numberToken;
        const item = { schedule_id: row.id, starts_at: row.startsAt.toISOString(), credits };
        const reason: SeriesSkipReason | undefined = booked.has(row.id)
          ? 'already_booked'
          : row.seatsTaken >= row.noOfUsers
            ? 'full'
            : clubPlace
              ? await clubPlace(row.startsAt)
              : credits > left
                ? 'not_enough_credits'
                : undefined;
        if (reason) {
          preview.skipped.push({ ...item, reason });
          continue;
        }
        left -= credits;
        preview.to_book.push(item);
      }
      preview.total_credits = balance - left;
      preview.balance_after = left;
      return preview;
    },

    /**
     * Each class is booked on its own, by the single booking (its conditional seat update, its credits and
     * mail, in its own statement): one full class or an empty balance skips that class, never the others,
     * and each booking stays cancellable on its own.
     */
    async bookRest(
      learner: BookingLearner,
      scheduleId: number,
      { confirmLevel }: { confirmLevel: boolean } = { confirmLevel: false },
    ): Promise<{ data: BookSeriesResult; message: string }> {
      const userId = learner.id;
      // The level rule once for the series, from the class chosen: a learner who must confirm (or is
      // refused) hears it before anything is booked, not as a list of classes skipped.
      await checkBookingLevel(db, {
        learnerLevel: learner.cefrLevel,
        scheduleId,
        rule: (await options.settings.current()).levelRule,
        confirmed: confirmLevel,
      });
      const { now, classes } = await remaining(scheduleId);
      const booked = new Set(await bookedScheduleIds(db, userId, now));
      const result: BookSeriesResult = { booked: [], not_booked: [], credits_spent: 0 };
      for (const row of classes) {
        const item = { schedule_id: row.id, starts_at: row.startsAt.toISOString(), credits: row.numberToken };
        if (booked.has(row.id)) {
          result.not_booked.push({ ...item, reason: 'already_booked' });
          continue;
        }
        try {
          const { data } = await options.bookings.book(learner, {
            schedule_id: row.id,
            confirm_level: confirmLevel,
          });
          result.booked.push({ ...item, credits: data.number_token, booking_id: data.id });
          result.credits_spent += data.number_token;
        } catch (error) {
          result.not_booked.push({ ...item, reason: skipReason(error) });
        }
      }
      const skipped = result.not_booked.length;
      const paid = (await isClubClass(db, scheduleId))
        ? 'with the Club pass'
        : `for ${result.credits_spent} credits`;
      return {
        data: result,
        message:
          `${plural(result.booked.length, 'class')} booked ${paid}.` +
          (skipped > 0 ? ` ${plural(skipped, 'class')} not booked.` : ''),
      };
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;

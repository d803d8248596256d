import type { BookingListFilter } from '@tokenly/contract/bookings';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  isNull,
  or,
  type Placeholder,
  sql,
  type Table,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { builtOnce, preparedPer } from '../../db/prepared';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { type MailDraft, mailOutbox } from '../../db/schema/mail-outbox';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import { pastDueBeyondGrace } from '../checkout/checkout-repository';
import { refusedUnlessDrawn, withdrawalSteps } from '../credits/credit-repository';
import { teacherNameOf } from '../teachers/teacher-name';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingWithClass = {
  booking: BookingRow;
  schedule: ScheduleRow;
  courseTitle: string | null;
  /** Read with the class where the learner's lists show it. */
  teacherName?: string | null;
};

/** When a seat of the class can be taken: scheduled, still to come and not full (with its type joined). */
const seatFree = (scheduleId: number | Placeholder) =>
  and(
    eq(schedules.id, scheduleId),
    eq(courses.id, schedules.courseId),
    eq(schedules.status, 'scheduled'),
    sql`${schedules.startsAt} > now()`,
    sql`${schedules.seatsTaken} < ${schedules.noOfUsers}`,
  );

/**
 * Takes a seat only if the class is scheduled, still in the future and not full, in one conditional
 * statement (DESIGN.md section 6): concurrent bookings queue on the row and the last seat goes once.
 * Returns the class with its type's title, so the booking's answer needs no second read.
 */
export async function takeSeat(
  tx: Database,
  scheduleId: number,
): Promise<{ schedule: ScheduleRow; courseTitle: string; teacherName: string | null } | undefined> {
  const [row] = await tx
    .update(schedules)
    .set({ seatsTaken: sql`${schedules.seatsTaken} + 1` })
    .from(courses)
    .where(seatFree(scheduleId))
    .returning({
      ...getTableColumns(schedules),
      courseTitle: courses.courseTitle,
      teacherName: teacherNameOf,
    });
  if (!row) return undefined;
  const { courseTitle, teacherName, ...schedule } = row;
  return { schedule, courseTitle, teacherName };
}

export async function releaseSeat(tx: Database, scheduleId: number): Promise<void> {
  await tx
    .update(schedules)
    .set({ seatsTaken: sql`${schedules.seatsTaken} - 1` })
    .where(and(eq(schedules.id, scheduleId), gt(schedules.seatsTaken, 0)));
}

export async function lockSchedule(tx: Database, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await tx.select().from(schedules).where(eq(schedules.id, id)).for('update');
  return row;
}

export async function findSchedule(db: Database, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  return row;
}

/** Marks a class cancelled; undefined when it does not exist. Idempotent. */
export async function markScheduleCancelled(tx: Database, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await tx
    .update(schedules)
    .set({ status: 'cancelled', seatsTaken: 0 })
    .where(eq(schedules.id, id))
    .returning();
  return row;
}

export async function findActiveBooking(
  db: Database,
  userId: number,
  scheduleId: number,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(eq(bookings.userId, userId), eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')),
    )
    .limit(1);
  return row;
}

export async function insertBooking(
  tx: Database,
  values: { userId: number; scheduleId: number; credits: number; clubPass?: boolean },
): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('insert into bookings returned no row');
  return row;
}

/** What book-class's statement writes besides the booking: the confirmation, as a draft (MailDraft). */
export type ConfirmationRow = {
  recipient: string;
  status: 'queued' | 'kept';
  headers: Record<string, string>;
  draft: Pick<MailDraft, 'template' | 'to' | 'school'>;
};

/**
 * book-class in one statement that needs no transaction: the seat as takeSeat takes it, the
 * booking, the end of the learner's waitlist place for the class, the withdrawal of the class's
 * credits (withdrawalSteps) and the confirmation's outbox row, each reading the one before it, so they run
 * in the documented lock order (schedule row, booking, waitlist, the learner's credits, their lots).
 * Undefined, with nothing written, when no seat could be taken (the class is full, gone, cancelled or
 * started, or of a club type); an active booking of the same class fails the statement on the partial unique index; credits
 * that fall short make it refuse itself (isRefusal, CREDITS_SHORT), and so does, given the school's grace,
 * a membership of the learner past due beyond it (MEMBERSHIP_PAST_DUE); then nothing of it is written.
 */
export async function takeSeatAndBook(
  db: Database,
  {
    userId,
    scheduleId,
    free = false,
    pastDueGraceDays = null,
  }: {
    userId: number;
    scheduleId: number;
    free?: boolean;
    /** The school's grace for a past-due membership: past it the statement refuses itself (MEMBERSHIP_PAST_DUE). */
    pastDueGraceDays?: number | null;
  },
  at: Date,
  confirmation: ConfirmationRow,
): Promise<(BookingWithClass & { teacherName: string | null; mailId: number }) | undefined> {
  const [raw] = await takeSeatAndBookOnce(db, {
    userId,
    scheduleId,
    free,
    pastDueGraceDays,
    at,
    recipient: confirmation.recipient,
    mailStatus: confirmation.status,
    mailHeaders: JSON.stringify(confirmation.headers),
    mailDraft: JSON.stringify(confirmation.draft),
  });
  if (!raw) return undefined;
  return {
    schedule: rowOf(schedules, raw),
    courseTitle: raw.course_title_ as string,
    teacherName: (raw.teacher_name_ as string | null) ?? null,
    booking: rowOf(bookings, raw, BOOKING_PREFIX) as BookingRow,
    mailId: raw.mail_id_ as number,
  };
}

/** The booked class of a confirmation's draft: its rows as to_jsonb wrote them. */
export function bookedClassOf(draft: MailDraft): BookingWithClass {
  return {
    schedule: rowOf(schedules, draft.schedule),
    booking: rowOf(bookings, draft.booking) as BookingRow,
    courseTitle: draft.courseTitle,
    teacherName: draft.teacherName,
  };
}

/** The message the statement refuses itself with when the learner's credits fall short. */
export const CREDITS_SHORT = 'credits short';

/** The message the statement refuses itself with when a membership of the learner is past due beyond its grace. */
export const MEMBERSHIP_PAST_DUE = 'membership past due';

const takeSeatAndBookOnce = builtOnce<{
  userId: number;
  scheduleId: number;
  /** A place the school gives: the booking takes no credits (an administrator's add, with a reason). */
  free: boolean;
  /** Null: no membership's standing is asked (the school's own booking). */
  pastDueGraceDays: number | null;
  at: Date;
  recipient: string;
  mailStatus: string;
  mailHeaders: string;
  mailDraft: string;
}>('take_seat_and_book', () => {
  const userId = sql.placeholder('userId');
  const scheduleId = sql.placeholder('scheduleId');
  const at = sql.placeholder('at');
  const graceDays = sql.placeholder('pastDueGraceDays');
  // Every column named rather than `*`: the statement is named, and a column a later migration adds would
  // change a `*` result and fail the prepared statement on every connection that holds it.
  const columnsOf = (table: Table, from: string, prefix = '') =>
    sql.raw(
      Object.values(getTableColumns(table))
        .map((column) => `${from}."${column.name}" as "${prefix}${column.name}"`)
        .join(', '),
    );
  const withdrawal = withdrawalSteps(
    {
      userId,
      credits: sql`(select credits from inserted)`,
      now: at,
      // Reading `ended` runs the waitlist step to its end first (nothing else reads it, and PostgreSQL
      // would run it after the main query), so its lock comes before the learner's, in the documented order.
      when: sql`exists (select from inserted) and (select count(*) from ended) >= 0`,
    },
    { reason: 'booking', bookingId: sql`(select id from inserted)` },
  );
  return sql`
    with seat as (
      update ${schedules} set seats_taken = ${schedules.seatsTaken} + 1
      from ${courses}
      -- A club class is booked with the Club pass (club-bookings-repository), never with tokens.
      where ${seatFree(scheduleId)} and not ${courses.club}
      returning ${columnsOf(schedules, '"schedules"')}, ${courses.courseTitle} as course_title_,
        ${teacherNameOf} as teacher_name_
    ), inserted as (
      insert into ${bookings} (user_id, schedule_id, credits)
      select ${userId}, seat.id, case when ${sql.placeholder('free')}::boolean then 0 else seat.number_token end
      from seat
      returning *
    ), ended as (
      update ${waitlistEntries}
      set status = 'promoted', ended_at = ${at}, booking_id = inserted.id
      from inserted
      where ${waitlistEntries.userId} = ${userId} and ${waitlistEntries.scheduleId} = ${scheduleId}
        and ${waitlistEntries.status} = 'waiting'
      returning ${waitlistEntries.id}
    ), ${withdrawal}, mail as (
      -- The class as the mail draws it; the links are not in it (the mail says when they appear).
      insert into ${mailOutbox} (event, kind, recipient, status, headers, created_at, draft)
      select 'booking:' || inserted.id || ':booked', 'booking-confirmed', ${sql.placeholder('recipient')},
        ${sql.placeholder('mailStatus')}, ${sql.placeholder('mailHeaders')}::jsonb, ${at},
        ${sql.placeholder('mailDraft')}::jsonb || jsonb_build_object(
          'schedule', to_jsonb(seat) - array['meeting_link', 'meeting_start', 'course_title_', 'teacher_name_'],
          'booking', to_jsonb(inserted),
          'courseTitle', seat.course_title_,
          'teacherName', seat.teacher_name_)
      from seat join inserted on true
      returning id
    )
    select seat.*, ${columnsOf(bookings, 'inserted', BOOKING_PREFIX)}, (select id from mail) as mail_id_,
      -- One CASE, so a past-due membership is the reason given even when the credits fall short too.
      case when ${graceDays}::int is not null and ${pastDueBeyondGrace(userId, graceDays, at)}
        then refuse(${MEMBERSHIP_PAST_DUE})
        else ${refusedUnlessDrawn(sql`inserted.credits`, CREDITS_SHORT)} end as refused_
    from seat join inserted on true`;
});

const BOOKING_PREFIX = 'booking_';

/** A raw row (database column names, driver values) as Drizzle's select of the table would map it. */
function rowOf<T extends Table>(table: T, raw: Record<string, unknown>, prefix = ''): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[`${prefix}${column.name}`];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * Cancels an active booking, `late` when inside the free-cancellation window; undefined when it was not
 * active (already cancelled by someone else).
 */
export async function markBookingCancelled(
  tx: Database,
  id: number,
  late = false,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, lateCancel: late })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'booked')))
    .returning();
  return row;
}

/** A late cancel, or a booking its teacher marked no-show: what an administrator may waive. */
export const waivable = or(
  and(eq(bookings.status, 'cancelled'), eq(bookings.lateCancel, true)),
  and(eq(bookings.status, 'booked'), eq(bookings.attendance, 'no_show')),
);

/**
 * Marks a late cancel or a no-show as waived by an administrator, once: undefined when the booking is
 * neither, or was waived already (two waivers at once: the second finds waived_at set).
 */
export async function markBookingWaived(
  tx: Database,
  id: number,
  values: { by: number; at: Date },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ waivedAt: values.at, waivedBy: values.by })
    .where(and(eq(bookings.id, id), isNull(bookings.waivedAt), waivable))
    .returning();
  return row;
}

/** Active bookings of a class, locked so a learner's own cancel cannot interleave with the admin's. */
export async function lockActiveBookingsOf(tx: Database, scheduleId: number): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')))
    .orderBy(bookings.id)
    .for('update');
}

const withClass = {
  booking: bookings,
  schedule: schedules,
  courseTitle: courses.courseTitle,
  teacherName: teacherNameOf,
};

export async function findBookingWithClass(db: Database, id: number): Promise<BookingWithClass | undefined> {
  const [row] = await db
    .select(withClass)
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(eq(bookings.id, id))
    .limit(1);
  return row;
}

/** Every booking (older clients), or one tab of the learner's list. */
export type UserBookingsFilter = 'all' | BookingListFilter;

const classEnd = sql`${schedules.startsAt} + make_interval(mins => ${schedules.durationMin})`;

/** Which of the learner's bookings a filter keeps, measured against the `now` placeholder. */
function userBookingsWhere(filter: UserBookingsFilter) {
  const now = sql.placeholder('now');
  const kept = {
    all: undefined,
    upcoming: and(eq(bookings.status, 'booked'), sql`${classEnd} > ${now}`),
    past: and(eq(bookings.status, 'booked'), sql`${classEnd} <= ${now}`),
    cancelled: eq(bookings.status, 'cancelled'),
  }[filter];
  return and(eq(bookings.userId, sql.placeholder('userId')), kept);
}

/**
 * A page of a learner's bookings with the total counted by the same statement (a window over the rows
 * before the page is cut), prepared once per database for each filter. Upcoming is soonest
 * class first, the others latest class first; bookings of one class, newest first.
 */
function preparePage(db: Database, filter: UserBookingsFilter) {
  return db
    .select({ ...withClass, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(userBookingsWhere(filter))
    .orderBy(filter === 'upcoming' ? schedules.startsAt : desc(schedules.startsAt), desc(bookings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`page_user_bookings_${filter}`);
}

const pageOf = {
  all: preparedPer((db) => preparePage(db, 'all')),
  upcoming: preparedPer((db) => preparePage(db, 'upcoming')),
  past: preparedPer((db) => preparePage(db, 'past')),
  cancelled: preparedPer((db) => preparePage(db, 'cancelled')),
};

/** A page of a learner's bookings that `filter` keeps at `now`. */
export async function pageUserBookings(
  db: Database,
  userId: number,
  options: { offset: number; limit: number; filter: UserBookingsFilter; now: Date },
): Promise<{ rows: BookingWithClass[]; total: number }> {
  const { offset, limit, filter, now } = options;
  const found = await pageOf[filter](db).execute({ userId, limit, offset, now });
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0] || offset === 0) return { rows, total: found[0]?.total ?? 0 };
  // A page past the end has no row to carry the total.
  const [total] = await db
    .select({ value: count() })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(userBookingsWhere(filter))
    .execute({ userId, now });
  return { rows, total: total?.value ?? 0 };
}

/** The classes a learner holds an active booking for that have not ended by `now`, with the booking. */
export async function bookedClasses(db: Database, userId: number, now: Date) {
  return db
    .select({
      scheduleId: bookings.scheduleId,
      movedAt: schedules.movedAt,
      bookingId: bookings.id,
      credits: bookings.credits,
      bookedAt: bookings.createdAt,
      startsAt: schedules.startsAt,
      hasLink: sql<boolean>`${schedules.meetingLink} is not null`,
    })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
        sql`${schedules.startsAt} + make_interval(mins => ${schedules.durationMin}) > ${now}`,
      ),
    )
    .orderBy(schedules.startsAt);
}

/** Ids of the classes a learner holds an active booking for that have not ended by `now`. */
export async function bookedScheduleIds(db: Database, userId: number, now: Date): Promise<number[]> {
  return (await bookedClasses(db, userId, now)).map((row) => row.scheduleId);
}

export type RosterRow = Pick<
  BookingRow,
  | 'userId'
  | 'status'
  | 'cancelledAt'
  | 'lateCancel'
  | 'credits'
  | 'attendance'
  | 'attendanceMarkedAt'
  | 'waivedAt'
> & {
  bookingId: number;
  name: string;
  email: string;
  level: number | null;
  bookedAt: Date;
};

// Prepared once per database, as the class itself is (calendar-repository.ts): planning the join took
// four times as long as running it, on every read of a class page.
const scheduleRosterIn = preparedPer((db: Database) =>
  db
    .select({
      bookingId: bookings.id,
      userId: bookings.userId,
      name: users.name,
      email: users.email,
      level: users.level,
      bookedAt: bookings.createdAt,
      status: bookings.status,
      cancelledAt: bookings.cancelledAt,
      lateCancel: bookings.lateCancel,
      credits: bookings.credits,
      attendance: bookings.attendance,
      attendanceMarkedAt: bookings.attendanceMarkedAt,
      waivedAt: bookings.waivedAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.scheduleId, sql.placeholder('scheduleId')))
    .orderBy(sql`${bookings.status} = 'booked' desc`, bookings.createdAt, bookings.id)
    .prepare('class_roster'),
);

/**
 * Every booking of a class, active ones first, each in the order it was made: the class screen's roster
 * and its CSV.
 */
export function scheduleRoster(db: Database, scheduleId: number): Promise<RosterRow[]> {
  return scheduleRosterIn(db).execute({ scheduleId });
}

import type { Role } from '@tokenly/contract/auth';
import { PAGE_SIZE } from '@tokenly/contract/common';
import type { StudentSort } from '@tokenly/contract/users';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { creditLots } from '../../db/schema/credit-lots';
import { schedules } from '../../db/schema/schedules';
import { type UserRow, users } from '../../db/schema/users';
import { spendableAt } from '../credits/credit-repository';

/** Newest accounts first. */
export async function listUsersByRole(db: Database, role: Role, offset: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.role, role))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countUsersByRole(db: Database, role: Role): Promise<number> {
  return db.$count(users, eq(users.role, role));
}

export async function findUserWithRole(db: Database, id: number, role: Role): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role)))
    .limit(1);
  return user;
}

/** A learner's latest bookings with the class they are for. */
const recentBookingsOf = preparedPer((db) =>
  db
    .select({
      id: bookings.id,
      scheduleId: bookings.scheduleId,
      credits: bookings.credits,
      status: bookings.status,
      createdAt: bookings.createdAt,
      attendance: bookings.attendance,
      title: schedules.title,
      startsAt: schedules.startsAt,
      courseTitle: courses.courseTitle,
    })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(eq(bookings.userId, sql.placeholder('userId')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(sql.placeholder('limit'))
    .prepare('recent_bookings_of'),
);

export function listRecentBookings(db: Database, userId: number, limit: number) {
  return recentBookingsOf(db).execute({ userId, limit });
}

// NO KEY UPDATE, not UPDATE (see credit-repository's lockUserCredits): every ledger, booking or audit row
// an admin or learner writes holds KEY SHARE on its user row, which UPDATE would wait for and deadlock
// with; the columns changed here (name, email, disabled_at) are no keys.

/** The account's role, read without a lock. */
export async function findUserRole(db: Database, id: number): Promise<Role | undefined> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return user?.role;
}

/** The account, locked until the transaction ends, so two changes to it are made one after the other. */
export async function lockUser(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return user;
}

/**
 * Locks every active administrator and counts them. Two administrators disabling each other at once
 * would otherwise each see the other still active and leave the school with none.
 */
export async function lockActiveAdmins(db: Database): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(users.id)
    .for('no key update');
  return rows.length;
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** `%` and `_` typed by someone searching for them are meant literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** Accounts whose name or email holds `text`. */
export const nameOrEmailMatches = (text: string) =>
  or(ilike(users.name, containing(text)), ilike(users.email, containing(text)));

/** Learners, or those whose name or email holds `q`. */
const learnersMatching = (q?: string) => and(eq(users.role, 'user'), q ? nameOrEmailMatches(q) : undefined);

const STUDENT_ORDER: Record<StudentSort, (columns: { balance: SQL; lastBooking: SQL }) => SQL[]> = {
  newest: () => [desc(users.createdAt), desc(users.id)],
  name: () => [asc(sql`lower(${users.name})`), asc(users.id)],
  balance: ({ balance }) => [desc(balance), asc(users.id)],
  last_booking: ({ lastBooking }) => [sql`${lastBooking} desc nulls last`, asc(users.id)],
};

/**
 * The ids of the rows a select finds, in `order`, as one text: a row per id had the driver build an
 * object for each of a school's learners, holding the event loop for the whole list.
 */
const idsText = (order: SQL[]) =>
  sql<string | null>`string_agg(${users.id}::text, ',' order by ${sql.join(order, sql`, `)})`;

const idsOf = (text: string | null): number[] => (text ? text.split(',').map(Number) : []);

/** The orders that need no sums: newest and name. */
const NO_SUMS = { balance: sql`0`, lastBooking: sql`null` };

type UserIdColumn = typeof users.id | typeof creditLots.userId | typeof bookings.userId;

/**
 * Learners with the credits they can spend at `now`, their next expiring lot and their latest booking,
 * each summed only for the learners `among` restricts the columns to (every learner's when it does not);
 * the outer select comes from `source` when it carries the CTE `among` reads.
 */
function selectStudentRows(
  db: Database,
  now: Date | Placeholder,
  among: (column: UserIdColumn) => SQL | undefined,
  source: Pick<Database, 'select'> = db,
) {
  const spendable = spendableAt(now);
  const balances = db
    .select({
      userId: creditLots.userId,
      balance: sql<number>`sum(${creditLots.creditsRemaining})::int`.as('balance'),
      nextExpiresAt: sql<Date>`min(${creditLots.expiresAt})`
        .mapWith(creditLots.expiresAt)
        .as('next_expires_at'),
    })
    .from(creditLots)
    .where(and(spendable, among(creditLots.userId)))
    .groupBy(creditLots.userId)
    .as('balances');
  const nextLots = db
    .select({
      userId: creditLots.userId,
      expiresAt: creditLots.expiresAt,
      credits: sql<number>`sum(${creditLots.creditsRemaining})::int`.as('next_credits'),
    })
    .from(creditLots)
    .where(and(spendable, among(creditLots.userId)))
    .groupBy(creditLots.userId, creditLots.expiresAt)
    .as('next_lots');
  const latest = db
    .select({
      userId: bookings.userId,
      lastBookingAt: sql<Date>`max(${bookings.createdAt})`.mapWith(bookings.createdAt).as('last_booking_at'),
    })
    .from(bookings)
    .where(among(bookings.userId))
    .groupBy(bookings.userId)
    .as('latest');
  const balance = sql<number>`coalesce(${balances.balance}, 0)::int`;
  const query = source
    .select({
      user: users,
      balance,
      nextExpiresAt: balances.nextExpiresAt,
      nextCredits: nextLots.credits,
      lastBookingAt: latest.lastBookingAt,
    })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .leftJoin(nextLots, and(eq(nextLots.userId, users.id), eq(nextLots.expiresAt, balances.nextExpiresAt)))
    .leftJoin(latest, eq(latest.userId, users.id));
  const order = { balance, lastBooking: sql`${latest.lastBookingAt}` };
  // The learners' ids alone in a sort's order, joined to the sums it needs (the CSV reads their rows by id).
  const idsIn = (sort: StudentSort) =>
    source
      .select({ ids: idsText(STUDENT_ORDER[sort](order)) })
      .from(users)
      .leftJoin(balances, eq(balances.userId, users.id))
      .leftJoin(latest, eq(latest.userId, users.id));
  return { query, idsIn, order };
}

/** A page of learners with their balance, next expiry and latest booking (selectStudentRows). */
export function listStudentRows(
  db: Database,
  {
    now,
    q,
    sort = 'newest',
    offset = 0,
    limit = PAGE_SIZE,
  }: { now: Date; q?: string; sort?: StudentSort; offset?: number; limit?: number },
) {
  const matching = learnersMatching(q);
  // The newest and name orders need none of the aggregates to choose a page, so the page's
  // learners are chosen first (from the users index alone) and only theirs are summed: at offset 9,000 of
  // 10,000 learners that is 2 ms instead of 100 ms of summing every lot and booking of the school.
  const pageFirst = sort === 'newest' || sort === 'name';
  const page = db.$with('page').as(studentIdsInOrder(db, q, sort).limit(limit).offset(offset));
  const onPage = (column: UserIdColumn) =>
    pageFirst ? inArray(column, db.select({ id: page.id }).from(page)) : undefined;
  const { query, order } = selectStudentRows(db, now, onPage, pageFirst ? db.with(page) : db);
  const select = query
    .where(and(matching, onPage(users.id)))
    .orderBy(...STUDENT_ORDER[sort](order))
    .offset(pageFirst ? 0 : offset);
  return select.limit(limit);
}

/**
 * The learners in the newest or name order (the ids alone, from the users index): the admin list's pages
 * are slices of it, read once per cache window (decision 018), so a deep page no longer walks
 * the index past every learner before it.
 */
export async function listStudentIds(
  db: Database,
  { q, sort }: { q?: string; sort: 'newest' | 'name' },
): Promise<number[]> {
  const [row] = await db
    .select({ ids: idsText(STUDENT_ORDER[sort](NO_SUMS)) })
    .from(users)
    .where(learnersMatching(q));
  return idsOf(row?.ids ?? null);
}

/**
 * Every matching learner's id in any order of the list: the students CSV reads their rows by these, a
 * batch at a time (listStudentRowsOf), so only the ids of a school's learners are ever held at once.
 */
export async function listStudentIdsSorted(
  db: Database,
  { now, q, sort }: { now: Date; q?: string; sort: StudentSort },
): Promise<number[]> {
  if (sort === 'newest' || sort === 'name') return listStudentIds(db, { q, sort });
  const [row] = await selectStudentRows(db, now, () => undefined)
    .idsIn(sort)
    .where(learnersMatching(q));
  return idsOf(row?.ids ?? null);
}

/** The matching learners' ids in an order that needs no sums (newest, name), from the users index. */
function studentIdsInOrder(db: Database, q: string | undefined, sort: StudentSort) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(learnersMatching(q))
    .orderBy(...STUDENT_ORDER[sort](NO_SUMS));
}

// A page of learners by id, prepared once per database: with the ids given, planning its three sums was
// most of its time.
const studentRowsAmong = preparedPer((db) => {
  const among = (column: UserIdColumn) => sql`${column} = any(${sql.placeholder('ids')})`;
  const { query } = selectStudentRows(db, sql.placeholder('now'), among);
  return query.where(and(eq(users.role, 'user'), among(users.id))).prepare('student_rows_among');
});

/** The learners `ids` names (selectStudentRows), in that order; one no longer a learner is left out. */
export async function listStudentRowsOf(db: Database, now: Date, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await studentRowsAmong(db).execute({ now, ids });
  const byId = new Map(rows.map((row) => [row.user.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function countStudents(db: Database, q?: string): Promise<number> {
  return db.$count(users, learnersMatching(q));
}

/**
 * Learners whose name or email holds `text`, by name: their id, name and email only (the top bar's
 * search), so none of the list's balances is summed.
 */
export function learnersMatchingQuery(db: Database, text: string, limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(learnersMatching(text))
    .orderBy(...STUDENT_ORDER.name(NO_SUMS))
    .limit(limit);
}

/**
 * Classes whose title holds `text` or whose type is one of `courseIds`, latest first. With the types'
 * ids written in, the planner sees how many classes they hold and reads the title's trigram index when
 * no type matches; a type's name in the same condition hid that, and every class was read.
 */
export function classesMatchingQuery(db: Database, text: string, courseIds: number[], limit: number) {
  const title = ilike(schedules.title, containing(text));
  return db
    .select({
      id: schedules.id,
      title: schedules.title,
      courseTitle: courses.courseTitle,
      startsAt: schedules.startsAt,
      status: schedules.status,
    })
    .from(schedules)
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(courseIds.length === 0 ? title : or(title, inArray(schedules.courseId, courseIds)))
    .orderBy(desc(schedules.startsAt), desc(schedules.id))
    .limit(limit);
}

/** Classes whose title or type holds `text`, latest first (the top bar's search). */
export async function findClassesMatching(db: Database, text: string, limit: number) {
  const types = await db
    .select({ id: courses.id })
    .from(courses)
    .where(ilike(courses.courseTitle, containing(text)));
  return classesMatchingQuery(
    db,
    text,
    types.map((type) => type.id),
    limit,
  );
}

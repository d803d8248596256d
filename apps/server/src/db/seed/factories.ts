import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { addDays, parseLocalDate, toLocalDateTime } from '../../lib/time-zone';
import { isoDate, occurrencesOf } from '../../modules/series/series-rule';
import {
  insertBlogPost,
  insertSitePage,
  type NewBlogPost,
  type NewSitePage,
} from '../../modules/site/site-content-repository';
import type { Database } from '../client';
import { bookings } from '../schema/bookings';
import { type ClassSeriesRow, classSeries } from '../schema/class-series';
import { closedDays } from '../schema/closed-days';
import { type CourseRow, courses } from '../schema/courses';
import { type ScheduleRow, schedules } from '../schema/schedules';
import { type TokenPlanRow, tokenPlans } from '../schema/token-plans';
import { type UserRow, users } from '../schema/users';

// Shared by the demo seed and the tests (STYLE.md): one way to make a valid row, defaults for the rest.

export const DEFAULT_TEST_PASSWORD = 'Password123!';

let defaultPasswordHash: Promise<string> | undefined;

/**
 * argon2id with OWASP's parameters is meant to be slow, and the tests make hundreds of accounts with the
 * default password: one hash per process serves them all. It is a real hash of the password, so signing
 * in checks it as it checks any other; a salt shared by test accounts hides nothing worth hiding.
 */
function hashOf(password: string): Promise<string> {
  if (password !== DEFAULT_TEST_PASSWORD) return hashPassword(password);
  defaultPasswordHash ??= hashPassword(password);
  return defaultPasswordHash;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@tokenly.test`;
}

type UserInput = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & {
  password?: string;
  /** The password's hash when the caller computed it already (the demo seed does, ahead of time). */
  passwordHash?: Promise<string>;
};

/** Creates a user and returns it with its plain password, ready to sign in. */
export async function createUser(
  db: Database,
  { password = DEFAULT_TEST_PASSWORD, passwordHash, ...values }: UserInput = {},
): Promise<{ user: UserRow; password: string }> {
  const role = values.role ?? 'user';
  const [user] = await db
    .insert(users)
    .values({
      name: role === 'admin' ? 'Test Admin' : 'Test Learner',
      email: uniqueEmail(role),
      level: role === 'admin' ? null : 1,
      ...values,
      role,
      passwordHash: await (passwordHash ?? hashOf(password)),
    })
    .returning();
  if (!user) throw new Error('insert into users returned no row');
  return { user, password };
}

export async function createCourse(
  db: Database,
  values: Partial<typeof courses.$inferInsert> = {},
): Promise<CourseRow> {
  const [course] = await db
    .insert(courses)
    .values({ courseTitle: 'Core Flex', courseColor: '#2F80ED', numberToken: 1, ...values })
    .returning();
  if (!course) throw new Error('insert into courses returned no row');
  return course;
}

/**
 * A class starting a week from the real time unless told otherwise (a test on a TestClock passes its own
 * startsAt); makes a class type when none is given.
 */
export async function createSchedule(
  db: Database,
  values: Partial<typeof schedules.$inferInsert> = {},
): Promise<ScheduleRow> {
  const courseId = values.courseId ?? (await createCourse(db)).id;
  const [schedule] = await db
    .insert(schedules)
    .values({
      title: 'Everyday Conversations',
      startsAt: new Date(systemClock.now() + 7 * 24 * 60 * 60 * 1000),
      noOfUsers: 8,
      numberToken: 1,
      meetingLink: `https://meet.example.com/tokenly-${randomUUID().slice(0, 8)}`,
      ...values,
      courseId,
    })
    .returning();
  if (!schedule) throw new Error('insert into schedules returned no row');
  return schedule;
}

/**
 * A booking row as the booking service leaves it, seat included; `createdAt` lets a test say how far
 * ahead it was made. Credits are not taken: tests of the ledger book through the API.
 */
export async function createBooking(
  db: Database,
  schedule: ScheduleRow,
  values: Partial<typeof bookings.$inferInsert> & { userId: number },
): Promise<typeof bookings.$inferSelect> {
  const [booking] = await db
    .insert(bookings)
    .values({ scheduleId: schedule.id, credits: schedule.numberToken, ...values })
    .returning();
  if (!booking) throw new Error('insert into bookings returned no row');
  await db
    .update(schedules)
    .set({ seatsTaken: sql`${schedules.seatsTaken} + 1` })
    .where(eq(schedules.id, schedule.id));
  return booking;
}

export async function createTokenPlan(
  db: Database,
  values: Partial<typeof tokenPlans.$inferInsert> = {},
): Promise<TokenPlanRow> {
  const [plan] = await db
    .insert(tokenPlans)
    .values({
      tokenTitle: 'Starter Pack',
      tokenCredit: 4,
      tokenExpiry: 90,
      amount: 2800,
      kind: 'package',
      ...values,
    })
    .returning();
  if (!plan) throw new Error('insert into token_plans returned no row');
  return plan;
}

/**
 * A weekly series and its classes, as the series service makes them: `weeks` weeks from
 * `firstDate` on the weekdays (0 = Sunday) at `startTime` in `timeZone`.
 */
export async function createSeries(
  db: Database,
  {
    weeks = 4,
    closedDays = [],
    ...values
  }: Partial<Omit<typeof classSeries.$inferInsert, 'endDate'>> & {
    firstDate: string;
    weeks?: number;
    /** Days (ISO dates in the series' zone) left without a class, as the school's closed days are. */
    closedDays?: string[];
  },
): Promise<{ series: ClassSeriesRow; classes: ScheduleRow[] }> {
  const courseId = values.courseId ?? (await createCourse(db)).id;
  const first = parseLocalDate(values.firstDate);
  const last = addDays(first, weeks * 7 - 1);
  const [series] = await db
    .insert(classSeries)
    .values({
      title: 'Evening Conversation',
      weekdays: [1],
      startTime: '18:00',
      timeZone: 'UTC',
      noOfUsers: 8,
      numberToken: 1,
      ...values,
      courseId,
      endDate: isoDate(last),
    })
    .returning();
  if (!series) throw new Error('insert into class_series returned no row');
  const classes = await db
    .insert(schedules)
    .values(
      occurrencesOf(series, first, last)
        .filter((startsAt) => !closedDays.includes(isoDate(toLocalDateTime(startsAt, series.timeZone))))
        .map((startsAt) => ({
          courseId,
          seriesId: series.id,
          title: series.title,
          startsAt,
          noOfUsers: series.noOfUsers,
          numberToken: series.numberToken,
          meetingLink: series.meetingLink,
          meetingStart: series.meetingStart,
          teacherId: series.teacherId,
        })),
    )
    .returning();
  return { series, classes };
}

/** A day the school is closed (an ISO date in its zone). */
export async function createClosedDay(db: Database, values: { day: string; name?: string }) {
  const [row] = await db
    .insert(closedDays)
    .values({ name: 'Holiday', createdAt: new Date(systemClock.now()), ...values })
    .returning();
  if (!row) throw new Error('insert into closed_days returned no row');
  return row;
}

/** A teacher account with a password, ready to sign in at /login. */
export function createTeacher(db: Database, values: UserInput = {}) {
  return createUser(db, {
    name: 'Test Teacher',
    email: uniqueEmail('teacher'),
    level: null,
    ...values,
    role: 'teacher',
  });
}

const uniqueSlug = (kind: string) => `${kind}-${randomUUID().slice(0, 8)}`;

/** A page of the school's site: a published one unless `status` says draft. */
export function createSitePage(db: Database, values: Partial<NewSitePage> = {}) {
  const now = new Date(systemClock.now());
  return insertSitePage(db, {
    slug: uniqueSlug('page'),
    title: 'A page',
    body: 'Some words.',
    status: 'published',
    createdAt: now,
    updatedAt: now,
    ...values,
  });
}

/** A post of the school's blog: published now unless `status` or `publishedAt` say otherwise. */
export function createBlogPost(db: Database, values: Partial<NewBlogPost> = {}) {
  const now = new Date(systemClock.now());
  return insertBlogPost(db, {
    slug: uniqueSlug('post'),
    title: 'A post',
    summary: 'What the post is about.',
    author: 'Emma Clarke',
    body: 'Some words.',
    status: 'published',
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
    ...values,
  });
}

import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../lib/passwords';
import type { Database } from '../client';
import { type CourseRow, courses } from '../schema/courses';
import { type ScheduleRow, schedules } from '../schema/schedules';
import { type TokenPlanRow, tokenPlans } from '../schema/token-plans';
import { type UserRow, users } from '../schema/users';

// Shared by the demo seed and the tests (STYLE.md): one way to make a valid row, defaults for the rest.

export const DEFAULT_TEST_PASSWORD = 'Password123!';

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
      passwordHash: await (passwordHash ?? hashPassword(password)),
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

/** A class starting in a week unless told otherwise; makes a class type when none is given. */
export async function createSchedule(
  db: Database,
  values: Partial<typeof schedules.$inferInsert> = {},
): Promise<ScheduleRow> {
  const courseId = values.courseId ?? (await createCourse(db)).id;
  const [schedule] = await db
    .insert(schedules)
    .values({
      title: 'Everyday Conversations',
      startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      noOfUsers: 8,
      numberToken: 1,
      meetingLink: `https://meet.example.com/tokenly-${randomUUID().slice(0, 8)}`,
      teacherName: 'Emma Clarke',
      ...values,
      courseId,
    })
    .returning();
  if (!schedule) throw new Error('insert into schedules returned no row');
  return schedule;
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

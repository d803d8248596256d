import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';

/** Teachers whose profile is public and whose account is not disabled, by name. */
export function listPublicTeachers(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      headline: users.headline,
      bio: users.bio,
      photoUrl: users.photoUrl,
      profileTags: users.profileTags,
    })
    .from(users)
    .where(and(eq(users.role, 'teacher'), eq(users.profilePublic, true), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.id));
}

/** Active class types placed in a home page tab, by tab then title. */
export function listTabCourses(db: Database) {
  return db
    .select({
      id: courses.id,
      title: courses.courseTitle,
      description: courses.description,
      levelRange: courses.levelRange,
      format: courses.format,
      credits: courses.numberToken,
      color: courses.courseColor,
      club: courses.club,
      tab: courses.siteTab,
    })
    .from(courses)
    .where(and(eq(courses.status, '1'), isNotNull(courses.siteTab)))
    .orderBy(asc(courses.siteTab), asc(courses.courseTitle), asc(courses.id));
}

/** The usual length and the largest group of the classes scheduled in [from, to); nulls when there are none. */
export async function comingClassFacts(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({
      minutes: sql<number | null>`mode() within group (order by ${schedules.durationMin})`,
      seats: sql<number | null>`max(${schedules.noOfUsers})`,
    })
    .from(schedules)
    .where(and(eq(schedules.status, 'scheduled'), gte(schedules.startsAt, from), lt(schedules.startsAt, to)));
  return { minutes: row?.minutes ?? null, seats: row?.seats ?? null };
}

import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
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

import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { type AuthSessionRow, authSessions } from '../../db/schema/auth-sessions';
import { type SchoolSettingsRow, schoolSettings } from '../../db/schema/school-settings';
import { type UserRow, users } from '../../db/schema/users';
import { SCHOOL_SETTINGS_ROW_ID } from '../school-settings/school-settings-repository';

export async function insertSession(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<AuthSessionRow> {
  const [session] = await db
    .insert(authSessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
      lastSeenAt: values.now,
    })
    .returning();
  if (!session) throw new Error('insert into auth_sessions returned no row');
  return session;
}

/**
 * The session lookup every authenticated request makes: one round trip, whether or not it also
 * records when the session was last seen. The write is a data-modifying CTE, which PostgreSQL runs even
 * though the query does not read it, and only when the session was last seen `staleBefore` or earlier;
 * the select sees the row as it was before it. It also returns the school settings (one row), so a request
 * that signs in reads them for free (school-settings-service.ts).
 */
const findLiveSessionIn = preparedPer((db: Database) => {
  const touch = db.$with('touch', { id: authSessions.id }).as(
    sql`update ${authSessions} set last_seen_at = ${sql.placeholder('now')}
        where ${authSessions.tokenHash} = ${sql.placeholder('tokenHash')}
          and ${authSessions.expiresAt} > ${sql.placeholder('now')}
          and ${authSessions.lastSeenAt} <= ${sql.placeholder('staleBefore')}
        returning ${authSessions.id}`,
  );
  return (
    db
      .with(touch)
      .select({ session: authSessions, user: users, school: schoolSettings })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .leftJoin(schoolSettings, eq(schoolSettings.id, SCHOOL_SETTINGS_ROW_ID))
      // A disabled account's sessions are deleted when it is disabled; the filter also covers a session
      // issued by a sign-in that raced the disabling.
      .where(
        and(
          eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
          gt(authSessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
        ),
      )
      .limit(1)
      .prepare('find_live_session')
  );
});

/** The live session of a token hash with its user; its last_seen_at is set to `now` if it was stale. */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
  staleBefore: Date,
): Promise<{ session: AuthSessionRow; user: UserRow; school: SchoolSettingsRow | null } | undefined> {
  const [row] = await findLiveSessionIn(db).execute({ tokenHash, now, staleBefore });
  return row;
}

export async function deleteSession(db: Database, id: number): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

export async function deleteOtherSessions(db: Database, userId: number, keepId: number): Promise<void> {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)));
}

export async function deleteExpiredSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), lte(authSessions.expiresAt, now)));
}

export async function deleteAllSessions(db: Database, userId: number): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
}

import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AuthSessionRow, authSessions } from '../../db/schema/auth-sessions';
import { type UserRow, users } from '../../db/schema/users';

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

export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ session: AuthSessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    // A disabled account's sessions are deleted when it is disabled; the filter also covers a session
    // issued by a sign-in that raced the disabling.
    .where(
      and(eq(authSessions.tokenHash, tokenHash), gt(authSessions.expiresAt, now), isNull(users.disabledAt)),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: Database, id: number, now: Date): Promise<void> {
  await db.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, id));
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

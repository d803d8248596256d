import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions } from '../../db/schema/auth-sessions';
import { placementTests } from '../../db/schema/levels';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { trustedDevices } from '../../db/schema/trusted-devices';

/** Sessions past their expiry: no request can use them again (session-repository reads only live ones). */
export async function purgeExpiredSessions(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(authSessions)
    .where(lt(authSessions.expiresAt, now))
    .returning({ id: authSessions.id });
  return rows.length;
}

/**
 * Reset and invitation links past their expiry, used or not: none can set a password again. A used link
 * stays until then, so opening it twice still says it was used rather than that it is unknown.
 */
export async function purgeExpiredResetTokens(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, now))
    .returning({ id: passwordResetTokens.id });
  return rows.length;
}

/** Trusted-device cookies past their expiry: they no longer vouch for a browser. */
export async function purgeExpiredDevices(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.expiresAt, now))
    .returning({ id: trustedDevices.id });
  return rows.length;
}

/**
 * Visitors' placement tests that no sign-up took up (a test becomes an account's at sign-up) and that
 * started before `startedBefore`: their answers belong to nobody the school knows.
 */
export async function purgeAnonymousPlacementTests(db: Database, startedBefore: Date): Promise<number> {
  const rows = await db
    .delete(placementTests)
    .where(and(isNull(placementTests.userId), lt(placementTests.startedAt, startedBefore)))
    .returning({ id: placementTests.id });
  return rows.length;
}

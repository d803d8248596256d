import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PasswordResetTokenRow, passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { type UserRow, users } from '../../db/schema/users';

export async function insertResetToken(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<PasswordResetTokenRow> {
  const [row] = await db
    .insert(passwordResetTokens)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert into password_reset_tokens returned no row');
  return row;
}

/**
 * Uses the token if it is unused and unexpired, in one conditional update: two requests with the same
 * link cannot both succeed.
 */
export async function claimResetToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The link and the account it is for. */
export async function findResetTokenWithUser(
  db: Database,
  tokenHash: string,
): Promise<{ token: PasswordResetTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Ends every live link of the account (a newer link, a new password, a disabled account): they read as
 * expired from now on.
 */
export async function expireResetTokensOf(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PasswordResetTokenRow, passwordResetTokens } from '../../db/schema/password-reset-tokens';

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

export async function findResetToken(
  db: Database,
  tokenHash: string,
): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** A new password makes every other link of the account useless too. */
export async function expireResetTokensOf(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

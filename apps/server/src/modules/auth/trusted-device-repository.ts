import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trustedDevices } from '../../db/schema/trusted-devices';

export async function insertTrustedDevice(
  db: Database,
  values: { userId: number; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(trustedDevices).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Whether the browser's device token is one the account's own sign-in issued, and still valid. */
export async function isTrustedDevice(
  db: Database,
  { userId, tokenHash, now }: { userId: number; tokenHash: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, tokenHash),
        eq(trustedDevices.userId, userId),
        gt(trustedDevices.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/** A password reset or a disabled account: no browser keeps the account's trust. */
export async function forgetTrustedDevices(db: Database, userId: number): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

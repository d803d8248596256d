import { randomBytes } from 'node:crypto';
import type { OptionalMailKind } from '@tokenly/contract/mail';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema/users';

/** The column of each kind's switch. */
const SWITCHES = {
  'class-reminder': 'mailReminders',
  'class-starting-soon': 'mailStartingSoon',
  'credits-expiring': 'mailCreditNotices',
} as const satisfies Record<OptionalMailKind, keyof UserRow>;

/** Whether a user wants this kind of mail: for the scans that write it. */
export const wantsMail = (kind: OptionalMailKind) => eq(users[SWITCHES[kind]], true);

export type MailSwitches = Pick<UserRow, (typeof SWITCHES)[OptionalMailKind]>;
const switchColumns = {
  mailReminders: users.mailReminders,
  mailStartingSoon: users.mailStartingSoon,
  mailCreditNotices: users.mailCreditNotices,
};

/** The user's mail token, made now if the user has none yet (in the caller's transaction). */
export async function mailTokenOf(tx: Database, userId: number): Promise<string> {
  const [row] = await tx
    .update(users)
    .set({ mailToken: sql`coalesce(${users.mailToken}, ${randomBytes(24).toString('base64url')})` })
    .where(eq(users.id, userId))
    .returning({ mailToken: users.mailToken });
  if (!row?.mailToken) throw new Error(`user ${userId} has no mail token`);
  return row.mailToken;
}

export async function findMailSwitches(db: Database, userId: number): Promise<MailSwitches | undefined> {
  const [row] = await db.select(switchColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** Sets the switches given (an absent one stays as it is); undefined when there is no such user. */
export async function updateMailSwitches(
  db: Database,
  userId: number,
  switches: Partial<MailSwitches>,
): Promise<MailSwitches | undefined> {
  const [row] = await db.update(users).set(switches).where(eq(users.id, userId)).returning(switchColumns);
  return row;
}

/** Turns the kinds off for the owner of the mail token; false when no user has that token. */
export async function switchOffByToken(
  db: Database,
  token: string,
  kinds: readonly OptionalMailKind[],
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(Object.fromEntries(kinds.map((off) => [SWITCHES[off], false])))
    .where(eq(users.mailToken, token))
    .returning({ id: users.id });
  return rows.length > 0;
}

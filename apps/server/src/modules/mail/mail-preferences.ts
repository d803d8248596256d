import { randomBytes } from 'node:crypto';
import {
  MAIL_TOPIC_KINDS,
  type MailPreferences,
  type MailPreferencesBody,
  type MailTopic,
  OPTIONAL_MAIL_NAMES,
  type OptionalMailKind,
  type UnsubscribeQuery,
} from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';

// Issue 12: non-essential mail (class reminders, "starting soon", credits about to expire) can be turned
// off kind by kind in Settings, or with one click in a mail of that kind (RFC 8058). Each user has one
// mail token, made when first needed and kept as is, since mail is rendered when it is written; the
// worst it can do is switch mail off.

/** The column of each kind's switch. */
const SWITCHES = {
  'class-reminder': 'mailReminders',
  'class-starting-soon': 'mailStartingSoon',
  'credits-expiring': 'mailCreditNotices',
} as const satisfies Record<OptionalMailKind, keyof UserRow>;

/** Whether a user wants this kind of mail: for the scans that write it. */
export const wantsMail = (kind: OptionalMailKind) => eq(users[SWITCHES[kind]], true);

type SwitchRow = Pick<UserRow, (typeof SWITCHES)[OptionalMailKind]>;
const switchColumns = {
  mailReminders: users.mailReminders,
  mailStartingSoon: users.mailStartingSoon,
  mailCreditNotices: users.mailCreditNotices,
};

const toPreferences = (row: SwitchRow): MailPreferences => ({
  reminders: row.mailReminders,
  starting_soon: row.mailStartingSoon,
  credit_notices: row.mailCreditNotices,
});

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

/**
 * The one-click link of a mail of `kind`: the URL of List-Unsubscribe (which mail apps POST to, RFC
 * 8058) and, for the mail's text, the page where a person confirms the same, with what it turns off.
 */
export function unsubscribeLinks(appUrl: string, token: string, kind: OptionalMailKind) {
  const query = `token=${encodeURIComponent(token)}&kind=${kind}`;
  return {
    headers: {
      'List-Unsubscribe': `<${appUrl}/api/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    note: { what: OPTIONAL_MAIL_NAMES[kind], url: `${appUrl}/unsubscribe?${query}` },
  };
}

export function createMailPreferencesService(db: Database) {
  return {
    async get(userId: number): Promise<MailPreferences> {
      const [row] = await db.select(switchColumns).from(users).where(eq(users.id, userId));
      if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return toPreferences(row);
    },

    async save(userId: number, preferences: MailPreferencesBody): Promise<MailPreferences> {
      const [row] = await db
        .update(users)
        .set({
          mailReminders: preferences.reminders,
          mailStartingSoon: preferences.starting_soon,
          mailCreditNotices: preferences.credit_notices,
        })
        .where(eq(users.id, userId))
        .returning(switchColumns);
      if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return toPreferences(row);
    },

    /**
     * One click in a mail: turns off the kind of that mail for the owner of the token; a link from before
     * kinds names its topic and turns off every kind of it, as it did. Answers what went off, as read.
     */
    async unsubscribe({ token, kind, topic }: UnsubscribeQuery): Promise<string> {
      const link = kind ?? topic;
      if (link === undefined) throw new AppError('NOT_FOUND', MESSAGES.unsubscribeLinkInvalid);
      const kinds = kind ? [kind] : MAIL_TOPIC_KINDS[link as MailTopic];
      const [row] = await db
        .update(users)
        .set(Object.fromEntries(kinds.map((off) => [SWITCHES[off], false])))
        .where(eq(users.mailToken, token))
        .returning({ id: users.id });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.unsubscribeLinkInvalid);
      return OPTIONAL_MAIL_NAMES[link];
    },
  };
}

export type MailPreferencesService = ReturnType<typeof createMailPreferencesService>;

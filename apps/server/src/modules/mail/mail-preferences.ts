import { randomBytes } from 'node:crypto';
import type { MailPreferences, MailTopic } from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';

// Issue 12: non-essential mail (class reminders, credits about to expire) can be turned off in Settings
// or with one click in the mail itself (RFC 8058). Each user has one mail token, made when first needed
// and kept as is, since mail is rendered when it is written; the worst it can do is switch mail off.

const toPreferences = (row: Pick<UserRow, 'mailReminders' | 'mailCreditNotices'>): MailPreferences => ({
  reminders: row.mailReminders,
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
 * The one-click link of a mail of `topic`: the URL of List-Unsubscribe (which mail apps POST to, RFC
 * 8058) and, in the mail's text, the page where a person confirms the same.
 */
export function unsubscribeLinks(appUrl: string, token: string, topic: MailTopic) {
  const query = `token=${encodeURIComponent(token)}&topic=${topic}`;
  return {
    headers: {
      'List-Unsubscribe': `<${appUrl}/api/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    page: `${appUrl}/unsubscribe?${query}`,
  };
}

export function createMailPreferencesService(db: Database) {
  return {
    async get(userId: number): Promise<MailPreferences> {
      const [row] = await db
        .select({ mailReminders: users.mailReminders, mailCreditNotices: users.mailCreditNotices })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return toPreferences(row);
    },

    async save(userId: number, preferences: MailPreferences): Promise<MailPreferences> {
      const [row] = await db
        .update(users)
        .set({ mailReminders: preferences.reminders, mailCreditNotices: preferences.credit_notices })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return toPreferences(row);
    },

    /** One click in a mail: turns that topic off for the owner of the token. */
    async unsubscribe(token: string, topic: MailTopic): Promise<void> {
      const [row] = await db
        .update(users)
        .set({ [topic === 'reminders' ? 'mailReminders' : 'mailCreditNotices']: false })
        .where(eq(users.mailToken, token))
        .returning({ id: users.id });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.unsubscribeLinkInvalid);
    },
  };
}

export type MailPreferencesService = ReturnType<typeof createMailPreferencesService>;

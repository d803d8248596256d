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
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  findMailSwitches,
  type MailSwitches,
  switchOffByToken,
  updateMailSwitches,
} from './mail-preferences-repository';

// Non-essential mail (class reminders, "starting soon", credits about to expire) can be turned off kind
// by kind in Settings, or with one click in a mail of that kind (RFC 8058). Each user has one mail token,
// made when first needed and kept as is, since mail is rendered when it is written; the worst it can do
// is switch mail off.

const toPreferences = (row: MailSwitches): MailPreferences => ({
  reminders: row.mailReminders,
  starting_soon: row.mailStartingSoon,
  credit_notices: row.mailCreditNotices,
});

/**
 * The one-click link of a mail of `kind`: the URL of List-Unsubscribe (which mail apps POST to, RFC
 * 8058) and, for the mail's text, the page where a person confirms the same, and the kind it turns off.
 */
export function unsubscribeLinks(appUrl: string, token: string, kind: OptionalMailKind) {
  const query = `token=${encodeURIComponent(token)}&kind=${kind}`;
  return {
    headers: {
      'List-Unsubscribe': `<${appUrl}/api/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    note: { kind, url: `${appUrl}/unsubscribe?${query}` },
  };
}

export function createMailPreferencesService(db: Database) {
  return {
    async get(userId: number): Promise<MailPreferences> {
      const row = await findMailSwitches(db, userId);
      if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return toPreferences(row);
    },

    async save(userId: number, preferences: MailPreferencesBody): Promise<MailPreferences> {
      const row = await updateMailSwitches(db, userId, {
        mailReminders: preferences.reminders,
        mailStartingSoon: preferences.starting_soon,
        mailCreditNotices: preferences.credit_notices,
      });
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
      if (!(await switchOffByToken(db, token, kinds)))
        throw new AppError('NOT_FOUND', MESSAGES.unsubscribeLinkInvalid);
      return OPTIONAL_MAIL_NAMES[link];
    },
  };
}

export type MailPreferencesService = ReturnType<typeof createMailPreferencesService>;

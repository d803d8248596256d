import { DEFAULT_LOCALE, isLocale, type Locale } from '@tokenly/i18n/locales';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';

export type MailRecipient = {
  id: number;
  email: string;
  name: string;
  timezone: string | null;
  /** The account's language (users.locale), which every mail to them is written in. */
  locale: Locale;
};

/** An account's stored language as a mail's: a value no longer spoken falls back to English. */
export const mailLocaleOf = (locale: string | null | undefined): Locale =>
  isLocale(locale) ? locale : DEFAULT_LOCALE;

/**
 * Who gets a mail, with the zone their times are written in (null: the school's APP_TIMEZONE) and the
 * language of their words.
 */
export async function findRecipients(db: Database, userIds: number[]): Promise<Map<number, MailRecipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      timezone: users.timezone,
      locale: users.locale,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, { ...row, locale: mailLocaleOf(row.locale) }]));
}

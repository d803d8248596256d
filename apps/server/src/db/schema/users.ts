import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user', 'teacher'] })
      .notNull()
      .default('user'),
    // SPEC.md sign-up: Beginner=1, Intermediate=2, Advanced=3; admins have none.
    level: smallint('level'),
    // The learner's CEFR level as its rank, 1 (A1) to 6 (C2): set from the sign-up answer, then by the
    // placement test, a teacher or an administrator (user_level_changes keeps each change).
    cefrLevel: smallint('cefr_level'),
    country: varchar('country', { length: 100 }),
    // IANA zone for the times in this user's mail; null until known, then APP_TIMEZONE applies.
    timezone: varchar('timezone', { length: 64 }),
    // The language of this user's pages and mail (packages/i18n LOCALES): the browser's at sign-up, then
    // whatever the language menu says.
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    // Set when the owner opens the link of the welcome mail; not verifying blocks nothing.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // The sha256 of the welcome mail's verification token (the raw token is only in the mail).
    emailVerificationHash: varchar('email_verification_hash', { length: 64 }),
    // The non-essential mail this user wants (Settings, or one click in the mail itself), one
    // switch per kind of mail: the day-before class reminder, "starting soon", credits about to expire.
    mailReminders: boolean('mail_reminders').notNull().default(true),
    mailStartingSoon: boolean('mail_starting_soon').notNull().default(true),
    mailCreditNotices: boolean('mail_credit_notices').notNull().default(true),
    // The secret of the one-click unsubscribe links in this user's mail; made when first needed. Kept as
    // is (the mail is rendered ahead of sending): all it can do is turn that mail off or on.
    mailToken: varchar('mail_token', { length: 64 }),
    // The secret of this user's private calendar feed URL; Settings shows the URL again, so it is
    // kept as is. It reads only this user's own classes; a reset replaces it. The default draws 244 random
    // bits from the database's CSPRNG, so every account, old or new, has its feed address (decision 013).
    calendarFeedToken: varchar('calendar_feed_token', { length: 64 })
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A teacher's short profile, shown on the class page.
    bio: varchar('bio', { length: 500 }),
    // A teacher's public profile on the home page, shown only once an administrator (or the teacher)
    // makes it public; the tags are comma-separated ("Business English, Pronunciation").
    headline: varchar('headline', { length: 120 }),
    photoUrl: varchar('photo_url', { length: 500 }),
    profileTags: varchar('profile_tags', { length: 200 }),
    profilePublic: boolean('profile_public').notNull().default(false),
    // Set by an administrator; the account cannot sign in and its sessions no longer count.
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    // The name in the account's sponsor link (/r/{url name}), lower-case: made from the name on first use,
    // then chosen once by the owner (url_name_chosen_at).
    urlName: varchar('url_name', { length: 30 }),
    urlNameChosenAt: timestamp('url_name_chosen_at', { withTimezone: true }),
  },
  (t) => [
    // DESIGN.md section 4: emails are unique regardless of case.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_email_verification_hash_unique').on(t.emailVerificationHash),
    uniqueIndex('users_mail_token_unique').on(t.mailToken),
    uniqueIndex('users_calendar_feed_token_unique').on(t.calendarFeedToken),
    uniqueIndex('users_url_name_unique').on(t.urlName),
    // The admin lists (admin-user-list, admin-adminuser-list): one role, newest first, 15 a page. Read
    // backwards; a DESC index would be NULLS LAST as drizzle writes it, which ORDER BY ... DESC cannot use.
    index('users_role_created_at_idx').on(t.role, t.createdAt, t.id),
    check('users_role_check', sql`${t.role} in ('admin', 'user', 'teacher')`),
    check('users_level_check', sql`${t.level} between 1 and 3`),
    check('users_cefr_level_check', sql`${t.cefrLevel} between 1 and 6`),
  ],
);

export type UserRow = typeof users.$inferSelect;

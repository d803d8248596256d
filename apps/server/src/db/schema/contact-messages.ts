import { CONTACT_MESSAGE_STATUSES } from '@tokenly/contract/contact';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Enquiries from the home page's contact form, read in the admin Messages screen. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    // Optional. E.164 ("+819012345678"): SPEC.md's 10 characters held no country code (DESIGN.md section 7).
    phone: varchar('phone', { length: 20 }),
    course: varchar('course', { length: 100 }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    // The language the form was sent in: the reply's mail is in it (the sender may have no account).
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    // The school's answer, mailed to the sender through the outbox and kept here.
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id),
  },
  (t) => [
    // The Messages screen: newest first.
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
    check('contact_messages_status_check', sql`${t.status} in ('new', 'replied', 'closed')`),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

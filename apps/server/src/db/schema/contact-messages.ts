import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Enquiries from the home page's contact form, read in the admin Messages screen. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    // SPEC.md: at most 10 characters; optional.
    phone: varchar('phone', { length: 10 }),
    course: varchar('course', { length: 100 }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // The Messages screen: newest first.
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt, t.id)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

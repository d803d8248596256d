import { MAIL_STATUSES } from '@tokenly/contract/mail';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A file sent with a mail; the calendar invitations are the only kind today. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * Every mail, rendered, written in the transaction of the event that causes it (DESIGN.md section 6).
 * `queued` waits for the delivery job; `kept` was never meant to leave (no SMTP_URL) and is read in the
 * admin Outbox; `failed` ran out of attempts.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The idempotency key: one mail of a kind per event and recipient, however often the event is retried.
    event: varchar('event', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Message-ID, Date and the rest, exactly as sent. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_event_kind_recipient_unique').on(t.event, t.kind, t.recipient),
    // The Outbox screen: newest first.
    index('mail_outbox_created_at_idx').on(t.createdAt, t.id),
    index('mail_outbox_pending_idx').on(t.id).where(sql`${t.status} = 'queued'`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

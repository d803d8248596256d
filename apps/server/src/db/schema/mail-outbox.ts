import { MAIL_STATUSES } from '@tokenly/contract/mail';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** A file sent with a mail; the calendar invitations are the only kind today. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * A mail written as the facts it is drawn from rather than drawn: book-class's confirmation,
 * which its single statement writes. `schedule` and `booking` are the rows as PostgreSQL's to_jsonb gave
 * them (column names, JSON values); the rest is what the app knew before the statement.
 */
export type MailDraft = {
  template: 'class-mail';
  // `locale` is absent from drafts written before mails spoke the learner's language: English.
  to: { id: number; email: string; name: string; timezone: string | null; locale?: string };
  school: { schoolName: string; schoolEmail: string; timeZone: string; meetingLinkLeadMinutes: number };
  schedule: Record<string, unknown>;
  booking: Record<string, unknown>;
  courseTitle: string | null;
  teacherName: string | null;
};

/**
 * Every mail, written in the transaction of the event that causes it (DESIGN.md section 6): rendered, or
 * as a `draft` whose subject, HTML, text and attachments are drawn when it leaves, and stored then.
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
    // Null until a draft is drawn (sent); a kept draft is drawn whenever the Outbox shows it.
    // Text, not a bounded varchar: a draft's subject is drawn after its booking committed, from a title,
    // a class type and a school name that may be long; a mail SMTP accepted must be recordable as sent.
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    draft: jsonb('draft').$type<MailDraft>(),
    /** Message-ID, Date and the rest, exactly as sent. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // When the retention job dropped the body (html, text, attachments, draft) of this delivered mail;
    // the row stays for the idempotency key and the Outbox.
    bodyRemovedAt: timestamp('body_removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_event_kind_recipient_unique').on(t.event, t.kind, t.recipient),
    // The Outbox screen: newest first.
    index('mail_outbox_created_at_idx').on(t.createdAt, t.id),
    index('mail_outbox_pending_idx').on(t.id).where(sql`${t.status} = 'queued'`),
    // The hourly budget of mails of a kind to one recipient (mailer.ts).
    index('mail_outbox_recipient_kind_created_at_idx').on(t.recipient, t.kind, t.createdAt),
    // Delivered mails whose body the retention job has yet to drop.
    index('mail_outbox_body_kept_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent' and ${t.bodyRemovedAt} is null`),
    check(
      'mail_outbox_drawn_or_draft',
      sql`${t.draft} is not null or (${t.subject} is not null and ((${t.html} is not null and ${t.text} is not null) or ${t.bodyRemovedAt} is not null))`,
    ),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

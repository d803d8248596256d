import { z } from 'zod';
import { envelope, paginated, singleLine } from './common';

export const MAIL_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;

/** A row of the admin Outbox screen. */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  /** kept: never meant to leave (no SMTP_URL); queued: waiting for the SMTP server; failed: gave up. */
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxMailDetailSchema = outboxMailSchema.extend({
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
});
export type OutboxMailDetail = z.infer<typeof outboxMailDetailSchema>;

export const outboxPageResponseSchema = envelope(paginated(outboxMailSchema));
export const outboxMailResponseSchema = envelope(outboxMailDetailSchema);

/**
 * Issue 12: the kinds of non-essential mail a user may turn off, in Settings or with one click in the
 * mail (RFC 8058): class reminders (the day before and "starting soon") and credits about to expire.
 */
export const MAIL_TOPICS = ['reminders', 'credit-notices'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

export const mailPreferencesSchema = z.object({
  reminders: z.boolean({ error: 'reminders must be true or false.' }),
  credit_notices: z.boolean({ error: 'credit_notices must be true or false.' }),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesResponseSchema = envelope(mailPreferencesSchema);

/** The one-click link's query: whose mail (the user's mail token) and which kind to turn off. */
export const unsubscribeQuerySchema = z.object({
  token: singleLine(z.string({ error: 'The link is not valid.' }).min(1, 'The link is not valid.').max(100)),
  topic: z.enum(MAIL_TOPICS, { error: 'The link is not valid.' }),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

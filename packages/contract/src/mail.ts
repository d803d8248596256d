import { z } from 'zod';
import { envelope, paginated, singleLine } from './common.ts';
import { MESSAGES } from './messages.ts';

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
  /** Set when the body (HTML, text, files) was removed this many days after sending (MAIL_RETENTION_DAYS). */
  body_removed_after_days: z.number().int().nullable(),
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
 * The kinds of non-essential mail a user may turn off, each on its own, in Settings or with one
 * click in a mail of that kind (RFC 8058): the class reminder ahead of the day, the "starting soon" mail
 * with the join link, and the notice of credits about to expire.
 */
export const OPTIONAL_MAIL_KINDS = ['class-reminder', 'class-starting-soon', 'credits-expiring'] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

/**
 * The links of mails written before each kind had its own switch name a topic instead, and go on turning
 * off every kind of it.
 */
export const MAIL_TOPICS = ['reminders', 'credit-notices'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];
export const MAIL_TOPIC_KINDS: Record<MailTopic, readonly OptionalMailKind[]> = {
  reminders: ['class-reminder', 'class-starting-soon'],
  'credit-notices': ['credits-expiring'],
};

/** What a person reads for each kind, or a topic's kinds: in the mail, on the unsubscribe page, in its answer. */
export const OPTIONAL_MAIL_NAMES: Record<OptionalMailKind | MailTopic, string> = {
  'class-reminder': 'class reminders',
  'class-starting-soon': '"starting soon" mails with the join link',
  'credits-expiring': 'notices of credits about to expire',
  reminders: 'class reminders and "starting soon" mails',
  'credit-notices': 'notices of credits about to expire',
};

/** PUT mail-preferences: starting_soon may be left out (clients from before it), which keeps it as it is. */
export const mailPreferencesSchema = z.object({
  reminders: z.boolean({ error: 'reminders must be true or false.' }),
  starting_soon: z.boolean({ error: 'starting_soon must be true or false.' }).optional(),
  credit_notices: z.boolean({ error: 'credit_notices must be true or false.' }),
});
export type MailPreferencesBody = z.infer<typeof mailPreferencesSchema>;
/** A user's switch of each kind. */
export const mailPreferencesStateSchema = mailPreferencesSchema.required();
export type MailPreferences = z.infer<typeof mailPreferencesStateSchema>;
export const mailPreferencesResponseSchema = envelope(mailPreferencesStateSchema);

/**
 * The one-click link's query: whose mail (the user's mail token) and which kind to turn off; a link
 * written before kinds names a topic.
 */
export const unsubscribeQuerySchema = z
  .object({
    token: singleLine(z.string({ error: MESSAGES.linkInvalid }).min(1, MESSAGES.linkInvalid).max(100)),
    kind: z.enum(OPTIONAL_MAIL_KINDS, { error: MESSAGES.linkInvalid }).optional(),
    topic: z.enum(MAIL_TOPICS, { error: MESSAGES.linkInvalid }).optional(),
  })
  .refine((query) => query.kind !== undefined || query.topic !== undefined, {
    message: MESSAGES.linkInvalid,
    path: ['kind'],
  });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

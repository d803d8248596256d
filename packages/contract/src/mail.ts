import { z } from 'zod';
import { envelope, paginated } from './common';

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

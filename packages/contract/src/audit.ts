import { z } from 'zod';
import { envelope, paginated } from './common';

/** One administrative change, newest first in the audit log. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  action: z.string(),
  subject_id: z.number().int().nullable(),
  summary: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageResponseSchema = envelope(paginated(auditEventSchema));

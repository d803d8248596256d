import { z } from 'zod';
import {
  DAY_RANGE_ORDER,
  dayRangeInOrder,
  envelope,
  idInput,
  isoDateInput,
  pageQuerySchema,
  paginated,
} from './common.ts';

/** What an entry's subject id names, by the call that made it. */
export const AUDIT_SUBJECT_KINDS = [
  'class-type',
  'class',
  'series',
  'plan',
  'account',
  'teacher',
  'payment',
  'booking',
  'waitlist-entry',
  'site-page',
  'blog-post',
] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/**
 * What an entry changed, named: the class type, class, plan or account by its title or name as it is now
 * (null once removed), the role of an account, and the class of a booking or a waitlist place.
 */
export const auditSubjectSchema = z.object({
  kind: z.enum(AUDIT_SUBJECT_KINDS),
  id: z.number().int(),
  name: z.string().nullable(),
  role: z.enum(['admin', 'user', 'teacher']).nullable(),
  class_id: z.number().int().nullable(),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

/** One administrative change, newest first in the audit log. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  action: z.string(),
  subject_id: z.number().int().nullable(),
  subject: auditSubjectSchema.nullable(),
  summary: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** The log's filters: who, which kind of change, and the school's days from and to (both inclusive). */
const auditFilterFields = {
  actor_id: idInput('actor_id must be a whole number from 1.').optional(),
  // Which calls the log records is read off ENDPOINTS by the server (apps/server/src/modules/audit): an
  // enum here would make the contract's own table depend on itself.
  action: z
    .string()
    .max(64)
    .meta({ description: "One of the kinds of change the page's `changes` lists (a call's operationId)." })
    .optional(),
  from: isoDateInput.optional(),
  to: isoDateInput.optional(),
};
export const auditFiltersSchema = z.object(auditFilterFields).refine(dayRangeInOrder, DAY_RANGE_ORDER);
export type AuditFilters = z.infer<typeof auditFiltersSchema>;
export const auditQuerySchema = pageQuerySchema
  .extend(auditFilterFields)
  .refine(dayRangeInOrder, DAY_RANGE_ORDER);

/**
 * A page of the log, with the filters' choices: everyone who has an entry in it, and every kind of change
 * the log records (the browser reads the contract's calls without their summaries).
 */
export const auditPageSchema = paginated(auditEventSchema).extend({
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  changes: z.array(z.object({ action: z.string(), label: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditPageResponseSchema = envelope(auditPageSchema);

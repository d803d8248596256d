import { z } from 'zod';
import {
  DAY_RANGE_ORDER,
  dayRangeInOrder,
  envelope,
  idInput,
  isoDateInput,
  pageQuerySchema,
  paginated,
} from './common';
import { ENDPOINTS, type EndpointName } from './endpoints';

/** The calls the audit log records: every administrative write (a read-only POST writes nothing). */
export const AUDITED_ACTIONS = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => {
  const spec = ENDPOINTS[name];
  return spec.auth === 'admin' && spec.method !== 'GET' && !('readOnly' in spec && spec.readOnly);
}) as [EndpointName, ...EndpointName[]];

/** "Disable a learner or an administrator: sign-in refused…" reads "Disable a learner or an administrator". */
export const changeLabel = (summary: string) => summary.split(/[:;(]/)[0]?.trim() ?? summary;

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

export const AUDIT_SUBJECT_OF: Partial<Record<EndpointName, AuditSubjectKind>> = {
  adminCourseCreate: 'class-type',
  adminCourseUpdate: 'class-type',
  adminScheduleCreate: 'class',
  adminScheduleUpdate: 'class',
  adminScheduleCancel: 'class',
  adminScheduleUpdateFollowing: 'class',
  adminScheduleCancelFollowing: 'class',
  adminSeriesCreate: 'series',
  adminSeriesExtend: 'series',
  adminTokenPlanCreate: 'plan',
  adminTokenPlanUpdate: 'plan',
  adminAdminCreate: 'account',
  adminAdminUpdate: 'account',
  adminAdminRemove: 'account',
  adminAccountDisable: 'account',
  adminAccountEnable: 'account',
  adminUserCreditsAdjust: 'account',
  adminUserClubPassGrant: 'account',
  adminUserClubPassEnd: 'account',
  adminTeacherCreate: 'teacher',
  adminTeacherUpdate: 'teacher',
  adminTeacherInvite: 'teacher',
  adminPaymentRefund: 'payment',
  adminBookingCancel: 'booking',
  adminBookingWaive: 'booking',
  adminBookingMove: 'booking',
  adminScheduleRosterAdd: 'class',
  adminScheduleMessage: 'class',
  adminWaitlistRemove: 'waitlist-entry',
  adminSitePageCreate: 'site-page',
  adminSitePageUpdate: 'site-page',
  adminBlogPostCreate: 'blog-post',
  adminBlogPostUpdate: 'blog-post',
};

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
  action: z.enum(AUDITED_ACTIONS, { error: 'Choose a kind of change the audit log records.' }).optional(),
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

import type { AuditSubjectKind } from '@tokenly/contract/audit';
import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';

/** The calls the audit log records: every administrative write (a read-only POST writes nothing). */
export const AUDITED_ACTIONS = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => {
  const spec = ENDPOINTS[name];
  return spec.auth === 'admin' && spec.method !== 'GET' && !('readOnly' in spec && spec.readOnly);
}) as [EndpointName, ...EndpointName[]];

/** "Disable a learner or an administrator: sign-in refused…" reads "Disable a learner or an administrator". */
export const changeLabel = (summary: string) => summary.split(/[:;(]/)[0]?.trim() ?? summary;

/** What an entry's subject id names, by the call that made it. */
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

import { useQuery } from '@tanstack/react-query';
import type { UserSubscription } from '@tokenly/contract/checkout';
import type { AdminSubscription } from '@tokenly/contract/memberships';
import { adminPageQueryOptions, useAdminMutation } from './admin-query';

export const useSubscriptionPage = (page: number, filters: Record<string, string> = {}) =>
  useQuery(adminPageQueryOptions<AdminSubscription>('adminSubscriptions', page, filters));

/** The administrator's actions on a learner's membership; each keeps its reason in the audit log. */
export const usePauseSubscriptionFor = (id: number) =>
  useAdminMutation<{ months: number; reason: string }, UserSubscription>('adminPauseSubscription', id);
export const useResumeSubscriptionFor = (id: number) =>
  useAdminMutation<{ reason: string }, UserSubscription>('adminResumeSubscription', id);
export const useCancelSubscriptionFor = (id: number) =>
  useAdminMutation<{ reason: string }, UserSubscription>('adminCancelSubscription', id);

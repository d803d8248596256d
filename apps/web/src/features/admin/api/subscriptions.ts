import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, useAdminMutation } from './admin-query';

export const useSubscriptionPage = (page: number, filters: Record<string, string> = {}) =>
  useQuery(adminPageQueryOptions('adminSubscriptions', page, filters));

/** The administrator's actions on a learner's membership; each keeps its reason in the audit log. */
export const usePauseSubscriptionFor = (id: number) => useAdminMutation('adminPauseSubscription', id);
export const useResumeSubscriptionFor = (id: number) => useAdminMutation('adminResumeSubscription', id);
export const useCancelSubscriptionFor = (id: number) => useAdminMutation('adminCancelSubscription', id);

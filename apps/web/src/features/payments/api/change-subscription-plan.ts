import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { ChangePlanBody } from '@tokenly/contract/memberships';
import { api } from '../../../lib/api-client';
import { USER_PAYMENTS_KEY } from './get-user-payments';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

/** What moving to `planId` charges and grants, to the cent, as at now. */
export const planChangePreviewQueryOptions = (id: number, planId: number | null) =>
  queryOptions({
    queryKey: ['plan-change-preview', id, planId],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.planChangePreview, {
        params: { id },
        query: { user_credit_token_id: String(planId) },
        signal,
      }),
    select: (response) => response.data,
    enabled: planId !== null,
    // The figures move with the clock: a preview is never reused from another visit.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Confirms the change the preview showed. */
export const changeSubscriptionPlan = ({ id, ...body }: ChangePlanBody & { id: number }) =>
  api.call(ENDPOINTS.changeSubscriptionPlan, { params: { id }, body }).then((response) => response.data);

export function useChangeSubscriptionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptionPlan,
    // An upgrade is a payment of its own: the payment list shows it at once.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [USER_PAYMENTS_KEY] }),
      ]),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { userSubscriptionResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { ChangePlanBody, planChangePreviewResponseSchema } from '@tokenly/contract/memberships';
import type { z } from 'zod';
import { api, endpointPath } from '../../../lib/api-client';
import { USER_PAYMENTS_KEY } from './get-user-payments';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

type PreviewResponse = z.infer<typeof planChangePreviewResponseSchema>;
type UserSubscriptionResponse = z.infer<typeof userSubscriptionResponseSchema>;

/** What moving to `planId` charges and grants, to the cent, as at now. */
export const planChangePreviewQueryOptions = (id: number, planId: number | null) =>
  queryOptions({
    queryKey: ['plan-change-preview', id, planId],
    queryFn: ({ signal }) =>
      api.get<PreviewResponse>(
        endpointPath(ENDPOINTS.planChangePreview.path, { id }),
        { user_credit_token_id: String(planId) },
        signal,
      ),
    select: (response) => response.data,
    enabled: planId !== null,
    // The figures move with the clock: a preview is never reused from another visit.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Confirms the change the preview showed. */
export const changeSubscriptionPlan = ({ id, ...body }: ChangePlanBody & { id: number }) =>
  api
    .post<UserSubscriptionResponse>(endpointPath(ENDPOINTS.changeSubscriptionPlan.path, { id }), body)
    .then((response) => response.data);

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

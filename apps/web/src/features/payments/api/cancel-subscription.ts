import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { userSubscriptionResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api, endpointPath } from '../../../lib/api-client';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

type UserSubscriptionResponse = z.infer<typeof userSubscriptionResponseSchema>;

/** Cancels at the end of the paid period: the learner keeps what they paid for. */
export const cancelSubscription = (id: number) =>
  api
    .post<UserSubscriptionResponse>(endpointPath(ENDPOINTS.cancelSubscription.path, { id }))
    .then((response) => response.data);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSubscriptionCardBody, userSubscriptionResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api, endpointPath } from '../../../lib/api-client';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

type UserSubscriptionResponse = z.infer<typeof userSubscriptionResponseSchema>;

/** The card a membership renews with; a failed renewal is tried with it at once. */
export const updateSubscriptionCard = ({ id, ...body }: UpdateSubscriptionCardBody & { id: number }) =>
  api
    .post<UserSubscriptionResponse>(endpointPath(ENDPOINTS.updateSubscriptionCard.path, { id }), body)
    .then((response) => response.data);

export function useUpdateSubscriptionCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriptionCard,
    // Refused or paid, the membership's state changed on the server: read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSubscriptionCardBody } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

/** The card a membership renews with; a failed renewal is tried with it at once. */
export const updateSubscriptionCard = ({ id, ...body }: UpdateSubscriptionCardBody & { id: number }) =>
  api.call(ENDPOINTS.updateSubscriptionCard, { params: { id }, body }).then((response) => response.data);

export function useUpdateSubscriptionCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriptionCard,
    // Refused or paid, the membership's state changed on the server: read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
  });
}

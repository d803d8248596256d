import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

/** Cancels at the end of the paid period: the learner keeps what they paid for. */
export const cancelSubscription = (id: number) =>
  api.call(ENDPOINTS.cancelSubscription, { params: { id } }).then((response) => response.data);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
  });
}

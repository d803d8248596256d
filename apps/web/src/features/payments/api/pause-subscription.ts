import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PauseSubscriptionBody } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { USER_SUBSCRIPTIONS_KEY } from './get-user-subscriptions';

/** Billing months without charge from the next renewal. */
export const pauseSubscription = ({ id, ...body }: PauseSubscriptionBody & { id: number }) =>
  api.call(ENDPOINTS.pauseSubscription, { params: { id }, body }).then((response) => response.data);

/** Ends a planned or running pause now: the next renewal charges again. */
export const resumeSubscription = (id: number) =>
  api.call(ENDPOINTS.resumeSubscription, { params: { id } }).then((response) => response.data);

export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
  });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { RedeemGiftBody } from '@tokenly/contract/gifts';
import { api } from '../../../lib/api-client';

export const userGiftsQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userGifts.path],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userGifts, { signal }).then((body) => body.data),
  });

/** The gifts the learner bought, newest first. */
export const useUserGifts = () => useQuery(userGiftsQuery());

/** Redeems a code; the balance and the credit lists change with it. */
export function useRedeemGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemGiftBody) =>
      api.call(ENDPOINTS.redeemGift, { body }).then((response) => response.data),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

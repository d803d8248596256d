import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { UserUrlNameBody } from '@tokenly/contract/referrals';
import { api } from '../../../lib/api-client';

const userReferralsQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userReferrals.path],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userReferrals, { signal }).then((body) => body.data),
  });

/** The account's URL name (made on first read), the offer and the friends it invited. */
export const useUserReferrals = () => useQuery(userReferralsQuery());

/** The URL name, chosen once. */
export function useChooseUrlName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUrlNameBody) =>
      api.call(ENDPOINTS.userUrlName, { body }).then((response) => response.data),
    onSuccess: (data) => queryClient.setQueryData(userReferralsQuery().queryKey, data),
  });
}

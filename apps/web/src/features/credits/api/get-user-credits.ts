import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const userCreditsQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userCredits.path],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userCredits, { signal }).then((body) => body.data),
  });

export const useUserCredits = () => useQuery(userCreditsQuery());

export const creditHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [ENDPOINTS.userCreditHistory.path, page],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.userCreditHistory, { query: { page }, signal }).then((body) => body.data),
  });

export const useCreditHistory = (page: number) => useQuery(creditHistoryQuery(page));

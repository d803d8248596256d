import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const USER_PAYMENTS_KEY = 'user-payments';

export const userPaymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [USER_PAYMENTS_KEY, page],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userPayments, { query: { page }, signal }),
    select: (response) => response.data,
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useUserPayments = (page: number) => useQuery(userPaymentsQueryOptions(page));

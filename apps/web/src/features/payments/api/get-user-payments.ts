import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { userPaymentPageResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type UserPaymentPageResponse = z.infer<typeof userPaymentPageResponseSchema>;

export const USER_PAYMENTS_KEY = 'user-payments';

export const userPaymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [USER_PAYMENTS_KEY, page],
    queryFn: ({ signal }) => api.get<UserPaymentPageResponse>(ENDPOINTS.userPayments.path, { page }, signal),
    select: (response) => response.data,
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useUserPayments = (page: number) => useQuery(userPaymentsQueryOptions(page));

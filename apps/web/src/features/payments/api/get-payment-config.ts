import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const getPaymentConfig = (signal?: AbortSignal) => api.call(ENDPOINTS.paymentConfig, { signal });

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    select: (response) => response.data,
    // The gateway is chosen when the server starts.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());

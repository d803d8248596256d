import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paymentConfigResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type PaymentConfigResponse = z.infer<typeof paymentConfigResponseSchema>;

export const getPaymentConfig = (signal?: AbortSignal) =>
  api.get<PaymentConfigResponse>(ENDPOINTS.paymentConfig.path, undefined, signal);

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    select: (response) => response.data,
    // The gateway is chosen when the server starts.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const paymentReceiptQuery = (id: string) =>
  queryOptions({
    queryKey: [ENDPOINTS.userPaymentReceipt.path, id],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.userPaymentReceipt, { params: { id }, signal }).then((body) => body.data),
  });

export const usePaymentReceipt = (id: string) => useQuery(paymentReceiptQuery(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { PaymentReceipt } from '@tokenly/contract/payments';
import { api, endpointPath } from '../../../lib/api-client';

export const paymentReceiptQuery = (id: string) =>
  queryOptions({
    queryKey: [ENDPOINTS.userPaymentReceipt.path, id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: PaymentReceipt }>(
          endpointPath(ENDPOINTS.userPaymentReceipt.path, { id }),
          undefined,
          signal,
        )
        .then((body) => body.data),
  });

export const usePaymentReceipt = (id: string) => useQuery(paymentReceiptQuery(id));

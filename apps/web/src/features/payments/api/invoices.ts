import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { BillingDetails, BillingDetailsBody, Invoice } from '@tokenly/contract/invoices';
import { api, apiUrl, endpointPath } from '../../../lib/api-client';

/** Whose view: the learner's own documents, or any learner's for an administrator. */
export type InvoiceScope = 'user' | 'admin';

const CALLS = {
  user: { page: ENDPOINTS.userInvoice.path, pdf: ENDPOINTS.userInvoicePdf.path },
  admin: { page: ENDPOINTS.adminInvoice.path, pdf: ENDPOINTS.adminInvoicePdf.path },
} as const;

export const useInvoice = (id: string, scope: InvoiceScope) =>
  useQuery<Invoice>({
    queryKey: [CALLS[scope].page, id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Invoice }>(endpointPath(CALLS[scope].page, { id }), undefined, signal)
        .then((body) => body.data),
  });

/** A plain link: the browser downloads the file with the session cookie. */
export const invoicePdfUrl = (id: number, scope: InvoiceScope) =>
  apiUrl(endpointPath(CALLS[scope].pdf, { id }));

const billingQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userBillingDetails.path],
    queryFn: ({ signal }) =>
      api.get<{ data: BillingDetails }>(ENDPOINTS.userBillingDetails.path, undefined, signal),
    select: (response) => response.data,
  });

export const useBillingDetails = () => useQuery(billingQuery());

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsBody) =>
      api.put<{ data: BillingDetails }>(ENDPOINTS.userBillingDetailsSave.path, body),
    onSuccess: (response) => queryClient.setQueryData(billingQuery().queryKey, response),
  });
}

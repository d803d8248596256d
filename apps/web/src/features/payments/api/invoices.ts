import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { BillingDetailsBody } from '@tokenly/contract/invoices';
import { api, apiUrl, endpointPath } from '../../../lib/api-client';

/** Whose view: the learner's own documents, or any learner's for an administrator. */
export type InvoiceScope = 'user' | 'admin';

const CALLS = {
  user: { page: ENDPOINTS.userInvoice, pdf: ENDPOINTS.userInvoicePdf },
  admin: { page: ENDPOINTS.adminInvoice, pdf: ENDPOINTS.adminInvoicePdf },
} as const;

export const useInvoice = (id: string, scope: InvoiceScope) =>
  useQuery({
    queryKey: [CALLS[scope].page.path, id],
    queryFn: ({ signal }) =>
      api.call(CALLS[scope].page, { params: { id }, signal }).then((body) => body.data),
  });

/** A plain link: the browser downloads the file with the session cookie. */
export const invoicePdfUrl = (id: number, scope: InvoiceScope) =>
  apiUrl(endpointPath(CALLS[scope].pdf.path, { id }));

const billingQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userBillingDetails.path],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userBillingDetails, { signal }),
    select: (response) => response.data,
  });

export const useBillingDetails = () => useQuery(billingQuery());

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsBody) => api.call(ENDPOINTS.userBillingDetailsSave, { body }),
    onSuccess: (response) => queryClient.setQueryData(billingQuery().queryKey, response),
  });
}

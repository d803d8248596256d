import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { apiUrl } from '../../../lib/api-client';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const usePaymentPage = (page: number, filters: Record<string, string>) =>
  useQuery(adminPageQueryOptions('adminPayments', page, filters));

/** The CSV of the same filtered payments; a plain link, as the session cookie signs GET requests. */
export const paymentsCsvUrl = (filters: Record<string, string>) =>
  apiUrl(ENDPOINTS.adminPaymentsCsv.path, filters);

export const useRefundPreview = (id: number, enabled: boolean) =>
  useQuery({ ...adminQueryOptions('adminPaymentRefundPreview', id), enabled });
export const useRefundPayment = (id: number) => useAdminMutation('adminPaymentRefund', id);

import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@tokenly/contract/payments';
import { adminPageQueryOptions } from './admin-query';

export const usePaymentPage = (page: number) =>
  useQuery(adminPageQueryOptions<Payment>('adminPayments', page));

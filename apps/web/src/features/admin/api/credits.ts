import { useQuery } from '@tanstack/react-query';
import type { AdminCreditAdjustmentBody, AdminUserCredits } from '@tokenly/contract/credits';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useUserCredits = (id: string) =>
  useQuery(adminQueryOptions<AdminUserCredits>('adminUserCredits', id));
export const useAdjustCredits = (id: string) =>
  useAdminMutation<AdminCreditAdjustmentBody, { balance: number }>('adminUserCreditsAdjust', id);

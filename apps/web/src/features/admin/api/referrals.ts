import { useQuery } from '@tanstack/react-query';
import type {
  AdminReferral,
  AdminReferralDecisionBody,
  AdminReferrals,
  AdminUserReferrals,
} from '@tokenly/contract/referrals';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useAdminReferrals = (page: number) =>
  useQuery(adminQueryOptions<AdminReferrals>('adminReferrals', undefined, { page: String(page) }));
export const useDecideReferral = (id: number) =>
  useAdminMutation<AdminReferralDecisionBody, AdminReferral>('adminReferralDecision', id);
export const useUserReferrals = (id: string) =>
  useQuery(adminQueryOptions<AdminUserReferrals>('adminUserReferrals', id));

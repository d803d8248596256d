import { useQuery } from '@tanstack/react-query';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useAdminReferrals = (page: number) =>
  useQuery(adminQueryOptions('adminReferrals', undefined, { page: String(page) }));
export const useDecideReferral = (id: number) => useAdminMutation('adminReferralDecision', id);
export const useUserReferrals = (id: string) => useQuery(adminQueryOptions('adminUserReferrals', id));

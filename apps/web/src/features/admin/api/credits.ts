import { useQuery } from '@tanstack/react-query';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useUserCredits = (id: string) => useQuery(adminQueryOptions('adminUserCredits', id));
export const useAdjustCredits = (id: string) => useAdminMutation('adminUserCreditsAdjust', id);

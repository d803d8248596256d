import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const usePromoCodePage = (page: number) => useQuery(adminPageQueryOptions('adminPromoCodes', page));
export const usePromoCode = (id: string) => useQuery(adminQueryOptions('adminPromoCode', id));
export const useCreatePromoCode = () => useAdminMutation('adminPromoCodeCreate');
export const useUpdatePromoCode = (id: string) => useAdminMutation('adminPromoCodeUpdate', id);

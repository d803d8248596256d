import { useQuery } from '@tanstack/react-query';
import type { PromoCode, PromoCodeInput } from '@tokenly/contract/promo-codes';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const usePromoCodePage = (page: number) =>
  useQuery(adminPageQueryOptions<PromoCode>('adminPromoCodes', page));
export const usePromoCode = (id: string) => useQuery(adminQueryOptions<PromoCode>('adminPromoCode', id));
export const useCreatePromoCode = () => useAdminMutation<PromoCodeInput, PromoCode>('adminPromoCodeCreate');
export const useUpdatePromoCode = (id: string) =>
  useAdminMutation<PromoCodeInput, PromoCode>('adminPromoCodeUpdate', id);

import { useQuery } from '@tanstack/react-query';
import type { TokenPlan, TokenPlanAddBody, TokenPlanEditBody } from '@tokenly/contract/token-plans';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useTokenPlanPage = (page: number) =>
  useQuery(adminPageQueryOptions<TokenPlan>('adminTokenPlans', page));
export const useTokenPlan = (id: string) => useQuery(adminQueryOptions<TokenPlan>('adminTokenPlan', id));
export const useCreateTokenPlan = () => useAdminMutation<TokenPlanAddBody, TokenPlan>('adminTokenPlanCreate');
export const useUpdateTokenPlan = (id: string) =>
  useAdminMutation<TokenPlanEditBody, TokenPlan>('adminTokenPlanUpdate', id);

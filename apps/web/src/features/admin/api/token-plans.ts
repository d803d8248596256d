import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useTokenPlanPage = (page: number) => useQuery(adminPageQueryOptions('adminTokenPlans', page));
export const useTokenPlan = (id: string) => useQuery(adminQueryOptions('adminTokenPlan', id));
export const useCreateTokenPlan = () => useAdminMutation('adminTokenPlanCreate');
export const useUpdateTokenPlan = (id: string) => useAdminMutation('adminTokenPlanUpdate', id);

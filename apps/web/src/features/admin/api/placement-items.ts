import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, useAdminMutation } from './admin-query';

export const usePlacementItemPage = (page: number, filters: Record<string, string>) =>
  useQuery(adminPageQueryOptions('adminPlacementItems', page, filters));
export const useCreatePlacementItem = () => useAdminMutation('adminPlacementItemCreate');
export const useUpdatePlacementItem = (id: number) => useAdminMutation('adminPlacementItemUpdate', id);
export const useRetirePlacementItem = (id: number) => useAdminMutation('adminPlacementItemRetire', id);
export const useRestorePlacementItem = (id: number) => useAdminMutation('adminPlacementItemRestore', id);

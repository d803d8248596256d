import { useQuery } from '@tanstack/react-query';
import type { PlacementItem, PlacementItemInput, PlacementItemPage } from '@tokenly/contract/placement-items';
import { adminPageQueryOptions, useAdminMutation } from './admin-query';

export const usePlacementItemPage = (page: number, filters: Record<string, string>) =>
  useQuery(adminPageQueryOptions<PlacementItem, PlacementItemPage>('adminPlacementItems', page, filters));
export const useCreatePlacementItem = () =>
  useAdminMutation<PlacementItemInput, PlacementItem>('adminPlacementItemCreate');
export const useUpdatePlacementItem = (id: number) =>
  useAdminMutation<PlacementItemInput, PlacementItem>('adminPlacementItemUpdate', id);
export const useRetirePlacementItem = (id: number) =>
  useAdminMutation<undefined, PlacementItem>('adminPlacementItemRetire', id);
export const useRestorePlacementItem = (id: number) =>
  useAdminMutation<undefined, PlacementItem>('adminPlacementItemRestore', id);

import { useQuery } from '@tanstack/react-query';
import type {
  AdminClubPass,
  AdminClubPassEndBody,
  AdminClubPassGrantBody,
} from '@tokenly/contract/club-pass';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useClubPass = (id: string) =>
  useQuery(adminQueryOptions<AdminClubPass>('adminUserClubPass', id));
export const useGrantClubPass = (id: string) =>
  useAdminMutation<AdminClubPassGrantBody, AdminClubPass>('adminUserClubPassGrant', id);
export const useEndClubPass = (id: string) =>
  useAdminMutation<AdminClubPassEndBody, AdminClubPass>('adminUserClubPassEnd', id);

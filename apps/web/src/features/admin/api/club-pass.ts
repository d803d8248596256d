import { useQuery } from '@tanstack/react-query';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useClubPass = (id: string) => useQuery(adminQueryOptions('adminUserClubPass', id));
export const useGrantClubPass = (id: string) => useAdminMutation('adminUserClubPassGrant', id);
export const useEndClubPass = (id: string) => useAdminMutation('adminUserClubPassEnd', id);

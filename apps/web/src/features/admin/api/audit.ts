import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions } from './admin-query';

export const useAuditPage = (page: number, filters: Record<string, string> = {}) =>
  useQuery(adminPageQueryOptions('adminAuditLog', page, filters));

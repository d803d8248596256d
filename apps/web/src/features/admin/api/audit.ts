import { useQuery } from '@tanstack/react-query';
import type { AuditEvent, AuditPage } from '@tokenly/contract/audit';
import { adminPageQueryOptions } from './admin-query';

export const useAuditPage = (page: number, filters: Record<string, string> = {}) =>
  useQuery(adminPageQueryOptions<AuditEvent, AuditPage>('adminAuditLog', page, filters));

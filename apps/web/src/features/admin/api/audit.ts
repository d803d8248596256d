import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@tokenly/contract/audit';
import { adminPageQueryOptions } from './admin-query';

export const useAuditPage = (page: number) =>
  useQuery(adminPageQueryOptions<AuditEvent>('adminAuditLog', page));

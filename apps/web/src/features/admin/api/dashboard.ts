import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@tokenly/contract/dashboard';
import { adminQueryOptions } from './admin-query';

export const useDashboard = () => useQuery(adminQueryOptions<Dashboard>('adminDashboard'));

import { useQuery } from '@tanstack/react-query';
import { adminQueryOptions } from './admin-query';

export const useDashboard = () => useQuery(adminQueryOptions('adminDashboard'));

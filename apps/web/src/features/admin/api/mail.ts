import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, adminQueryOptions } from './admin-query';

export const useOutboxPage = (page: number) => useQuery(adminPageQueryOptions('adminMailOutbox', page));

export const useOutboxMail = (id: string) => useQuery(adminQueryOptions('adminMailOutboxItem', id));

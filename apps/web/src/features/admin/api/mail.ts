import { useQuery } from '@tanstack/react-query';
import type { OutboxMail, OutboxMailDetail } from '@tokenly/contract/mail';
import { adminPageQueryOptions, adminQueryOptions } from './admin-query';

export const useOutboxPage = (page: number) =>
  useQuery(adminPageQueryOptions<OutboxMail>('adminMailOutbox', page));

export const useOutboxMail = (id: string) =>
  useQuery(adminQueryOptions<OutboxMailDetail>('adminMailOutboxItem', id));

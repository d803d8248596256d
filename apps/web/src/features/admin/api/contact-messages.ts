import { useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@tokenly/contract/contact';
import { adminPageQueryOptions } from './admin-query';

export const useContactMessagesPage = (page: number) =>
  useQuery(adminPageQueryOptions<ContactMessage>('adminContactMessages', page));

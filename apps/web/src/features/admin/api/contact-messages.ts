import { useQuery } from '@tanstack/react-query';
import type { ContactMessage, ContactReplyBody } from '@tokenly/contract/contact';
import { adminPageQueryOptions, useAdminMutation } from './admin-query';

export const useContactMessagesPage = (page: number) =>
  useQuery(adminPageQueryOptions<ContactMessage>('adminContactMessages', page));

export const useReplyToContactMessage = (id: number) =>
  useAdminMutation<ContactReplyBody, ContactMessage>('adminContactMessageReply', id);

export const useCloseContactMessage = (id: number) =>
  useAdminMutation<undefined, ContactMessage>('adminContactMessageClose', id);

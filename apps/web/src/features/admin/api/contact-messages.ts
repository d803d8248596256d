import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, useAdminMutation } from './admin-query';

export const useContactMessagesPage = (page: number) =>
  useQuery(adminPageQueryOptions('adminContactMessages', page));

export const useReplyToContactMessage = (id: number) => useAdminMutation('adminContactMessageReply', id);

export const useCloseContactMessage = (id: number) => useAdminMutation('adminContactMessageClose', id);

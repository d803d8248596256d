import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@tokenly/contract/auth';
import type { ContactBody } from '@tokenly/contract/contact';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const sendContact = (body: ContactBody) => api.post<MessageResponse>(ENDPOINTS.contact.path, body);

export const useSendContact = () => useMutation({ mutationFn: sendContact });

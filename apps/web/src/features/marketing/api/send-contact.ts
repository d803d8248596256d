import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@tokenly/contract/contact';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const sendContact = (body: ContactBody) => api.call(ENDPOINTS.contact, { body });

export const useSendContact = () => useMutation({ mutationFn: sendContact });

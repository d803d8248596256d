import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { MailPreferences, UnsubscribeQuery } from '@tokenly/contract/mail';
import { api, apiRequest } from '../../../lib/api-client';

const mailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-preferences'],
    queryFn: ({ signal }) =>
      api.get<{ data: MailPreferences }>(ENDPOINTS.mailPreferences.path, undefined, signal),
    select: (response) => response.data,
  });

export const useMailPreferences = () => useQuery(mailPreferencesQueryOptions());

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferences) =>
      api.put<{ data: MailPreferences }>(ENDPOINTS.mailPreferencesSave.path, body),
    onSuccess: (response) => queryClient.setQueryData(mailPreferencesQueryOptions().queryKey, response),
  });
}

/** The page a mail's unsubscribe link opens: the same call a mail app's one click makes. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (query: UnsubscribeQuery) =>
      apiRequest<MessageResponse>(ENDPOINTS.unsubscribe.path, { method: 'POST', body: {}, query }),
  });

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { MailPreferences, UnsubscribeQuery } from '@tokenly/contract/mail';
import { api } from '../../../lib/api-client';

const mailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-preferences'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.mailPreferences, { signal }),
    select: (response) => response.data,
  });

export const useMailPreferences = () => useQuery(mailPreferencesQueryOptions());

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferences) => api.call(ENDPOINTS.mailPreferencesSave, { body }),
    onSuccess: (response) => queryClient.setQueryData(mailPreferencesQueryOptions().queryKey, response),
  });
}

/** The page a mail's unsubscribe link opens: the same call a mail app's one click makes. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (query: UnsubscribeQuery) => api.call(ENDPOINTS.unsubscribe, { query }),
  });

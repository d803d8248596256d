import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetailsSaveBody, userDetailsSaveResponseSchema } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { userDetailsQueryOptions } from './get-user-details';

type UserDetailsSaveResponse = z.infer<typeof userDetailsSaveResponseSchema>;

export const saveUserDetails = (body: UserDetailsSaveBody) =>
  api.post<UserDetailsSaveResponse>(ENDPOINTS.userDetailsSave.path, body);

export function useSaveUserDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserDetails,
    onSuccess: (response) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, { data: response.data });
      // The top bar shows the name from the session.
      sessionStore.setUserData(response.data);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetailsSaveBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { userDetailsQueryOptions } from './get-user-details';

export const saveUserDetails = (body: UserDetailsSaveBody) => api.call(ENDPOINTS.userDetailsSave, { body });

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

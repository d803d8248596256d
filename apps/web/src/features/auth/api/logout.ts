import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

export const logout = () => api.call(ENDPOINTS.logout);

/** Revokes the server session, then forgets the local one even if the call failed (offline, expired). */
export function useLogout(redirectTo: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionStore.reset();
      navigate(redirectTo, { replace: true });
    },
  });
}

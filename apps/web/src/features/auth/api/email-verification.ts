import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { userDetailsQueryOptions } from '../../settings/api/get-user-details';

export const verifyEmail = (body: VerifyEmailBody) => api.call(ENDPOINTS.verifyEmail, { body });

export const resendVerification = () => api.call(ENDPOINTS.resendVerification);

/** Verifying changes the signed-in user's details (the banner reads them): read them again after. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDetailsQueryOptions().queryKey }),
  });
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });

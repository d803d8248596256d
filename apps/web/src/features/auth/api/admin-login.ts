import { useMutation } from '@tanstack/react-query';
import type { AdminLoginBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const adminLogin = (body: AdminLoginBody) => api.call(ENDPOINTS.adminLogin, { body });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });

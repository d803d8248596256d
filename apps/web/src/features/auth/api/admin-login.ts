import { useMutation } from '@tanstack/react-query';
import type { AdminLoginBody, AuthResponse } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const adminLogin = (body: AdminLoginBody) => api.post<AuthResponse>(ENDPOINTS.adminLogin.path, body);

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });

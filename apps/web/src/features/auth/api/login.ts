import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.post<AuthResponse>(ENDPOINTS.login.path, body);

export const useLogin = () => useMutation({ mutationFn: login });

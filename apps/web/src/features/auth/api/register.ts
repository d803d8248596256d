import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) => api.post<AuthResponse>(ENDPOINTS.register.path, body);

export const useRegister = () => useMutation({ mutationFn: register });

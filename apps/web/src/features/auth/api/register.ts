import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, RegisterResponse } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) => api.post<RegisterResponse>(ENDPOINTS.register.path, body);

export const useRegister = () => useMutation({ mutationFn: register });

import type { ForgotPasswordBody, ResetPasswordBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const forgotPassword = (body: ForgotPasswordBody) => api.call(ENDPOINTS.forgotPassword, { body });

export const resetPassword = (body: ResetPasswordBody) => api.call(ENDPOINTS.resetPassword, { body });

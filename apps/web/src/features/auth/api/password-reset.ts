import type { ForgotPasswordBody, MessageResponse, ResetPasswordBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<MessageResponse>(ENDPOINTS.forgotPassword.path, body);

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>(ENDPOINTS.resetPassword.path, body);

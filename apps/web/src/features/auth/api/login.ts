import type { LoginBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

// Called straight from the sign-in page, whose form tracks the request: no query-library code on a first load.
export const login = (body: LoginBody) => api.call(ENDPOINTS.login, { body });

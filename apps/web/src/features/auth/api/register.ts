import type { RegisterBody } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

// Called straight from the sign-up page, whose form tracks the request: no query-library code on a first load.
export const register = (body: RegisterBody) => api.call(ENDPOINTS.register, { body });

import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** `late`: the learner agreed to lose the credits; the server refuses a late cancel without it. */
export const cancelBooking = ({ id, late }: { id: number; late: boolean }) =>
  api.call(ENDPOINTS.cancelBooking, { params: { id }, query: late ? { late: 'true' } : {} });

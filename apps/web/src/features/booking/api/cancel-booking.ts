import type { UserBooking } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api, endpointPath } from '../../../lib/api-client';

/** `late`: the learner agreed to lose the credits; the server refuses a late cancel without it. */
export const cancelBooking = ({ id, late }: { id: number; late: boolean }) =>
  api.post<{ data: UserBooking; message: string }>(
    `${endpointPath(ENDPOINTS.cancelBooking.path, { id })}${late ? '?late=true' : ''}`,
  );

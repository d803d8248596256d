import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { JoinWaitlistBody } from '@tokenly/contract/waitlist';
import { api } from '../../../lib/api-client';

/** The learner's places in line, for the calendar overlay and the Class Booking List. */
export const userWaitlistQuery = () =>
  queryOptions({
    queryKey: ['user-waitlist'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userWaitlist, { signal }).then((body) => body.data),
  });

export const joinWaitlist = (body: JoinWaitlistBody) => api.call(ENDPOINTS.joinWaitlist, { body });

export const leaveWaitlist = (scheduleId: number) =>
  api.call(ENDPOINTS.leaveWaitlist, { params: { id: scheduleId } });

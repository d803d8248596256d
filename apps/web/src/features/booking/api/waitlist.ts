import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { JoinWaitlistBody, UserWaitlistEntry } from '@tokenly/contract/waitlist';
import { api, endpointPath } from '../../../lib/api-client';

/** The learner's places in line, for the calendar overlay and the Class Booking List. */
export const userWaitlistQuery = () =>
  queryOptions({
    queryKey: ['user-waitlist'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: UserWaitlistEntry[] }>(ENDPOINTS.userWaitlist.path, undefined, signal)
        .then((body) => body.data),
  });

export const joinWaitlist = (body: JoinWaitlistBody) =>
  api.post<{ data: UserWaitlistEntry; message: string }>(ENDPOINTS.joinWaitlist.path, body);

export const leaveWaitlist = (scheduleId: number) =>
  api.post<{ data: { schedule_id: number }; message: string }>(
    endpointPath(ENDPOINTS.leaveWaitlist.path, { id: scheduleId }),
  );

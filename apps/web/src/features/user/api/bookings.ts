import { queryOptions } from '@tanstack/react-query';
import type { BookingListFilter } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api, endpointPath } from '../../../lib/api-client';

/** One tab of the learner's bookings, by class time. */
export const userBookingsQuery = (page: number, when: BookingListFilter) =>
  queryOptions({
    queryKey: ['user-course-schedule', page, when],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.userBookings, { query: { page, when }, signal }).then((body) => body.data),
  });

export const creditSummaryQuery = () =>
  queryOptions({
    queryKey: ['user-credit-summary'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userCreditSummary, { signal }).then((body) => body.data),
  });

/** How many of the learner's classes were marked attended or no-show, or cancelled late. */
export const attendanceCountsQuery = () =>
  queryOptions({
    queryKey: ['user-attendance'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userAttendance, { signal }).then((body) => body.data),
  });

/** Same-origin link: the session cookie authenticates the download. */
export const bookingIcsUrl = (id: number) => `/api/${endpointPath(ENDPOINTS.bookingIcs.path, { id })}`;

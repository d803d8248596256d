import { queryOptions } from '@tanstack/react-query';
import type { BookingListFilter, UserBooking } from '@tokenly/contract/bookings';
import type { Paginated } from '@tokenly/contract/common';
import type { CreditSummary } from '@tokenly/contract/credits';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { AttendanceCounts } from '@tokenly/contract/teachers';
import { api, endpointPath } from '../../../lib/api-client';

/** One tab of the learner's bookings, by class time. */
export const userBookingsQuery = (page: number, when: BookingListFilter) =>
  queryOptions({
    queryKey: ['user-course-schedule', page, when],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Paginated<UserBooking> }>(ENDPOINTS.userBookings.path, { page, when }, signal)
        .then((body) => body.data),
  });

export const creditSummaryQuery = () =>
  queryOptions({
    queryKey: ['user-credit-summary'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: CreditSummary }>(ENDPOINTS.userCreditSummary.path, undefined, signal)
        .then((body) => body.data),
  });

/** How many of the learner's classes were marked attended or no-show, or cancelled late. */
export const attendanceCountsQuery = () =>
  queryOptions({
    queryKey: ['user-attendance'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: AttendanceCounts }>(ENDPOINTS.userAttendance.path, undefined, signal)
        .then((body) => body.data),
  });

/** Same-origin link: the session cookie authenticates the download. */
export const bookingIcsUrl = (id: number) => `/api/${endpointPath(ENDPOINTS.bookingIcs.path, { id })}`;

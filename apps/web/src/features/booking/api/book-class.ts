import { queryOptions } from '@tanstack/react-query';
import type { BookingIntent } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const bookClass = (intent: BookingIntent) => api.call(ENDPOINTS.bookClass, { body: intent });

/** What booking a class would do, as the server reckons it (the confirmation step). */
export const bookingPreviewQuery = (scheduleId: number) =>
  queryOptions({
    queryKey: [ENDPOINTS.bookingPreview.path, scheduleId],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.bookingPreview, { params: { id: scheduleId }, signal }).then((body) => body.data),
    // The balance and the window move: always read afresh when the confirmation opens.
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The classes still to come the signed-in learner holds, by class id: they show Booked with Cancel,
 * never Book Now.
 */
export const bookedSchedulesQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userBookedSchedules.path],
    queryFn: ({ signal }) =>
      api
        .call(ENDPOINTS.userBookedSchedules, { signal })
        .then((body) => new Map(body.data.map((booked) => [booked.schedule_id, booked]))),
  });

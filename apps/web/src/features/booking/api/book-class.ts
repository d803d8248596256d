import { queryOptions } from '@tanstack/react-query';
import type { BookedClass, BookingIntent, BookingPreview, UserBooking } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api, endpointPath } from '../../../lib/api-client';

export const bookClass = (intent: BookingIntent) =>
  api.post<{ data: UserBooking; message: string }>(ENDPOINTS.bookClass.path, intent);

/** What booking a class would do, as the server reckons it (the confirmation step). */
export const bookingPreviewQuery = (scheduleId: number) =>
  queryOptions({
    queryKey: [ENDPOINTS.bookingPreview.path, scheduleId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: BookingPreview }>(
          endpointPath(ENDPOINTS.bookingPreview.path, { id: scheduleId }),
          undefined,
          signal,
        )
        .then((body) => body.data),
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
        .get<{ data: BookedClass[] }>(ENDPOINTS.userBookedSchedules.path, undefined, signal)
        .then((body) => new Map(body.data.map((booked) => [booked.schedule_id, booked]))),
  });

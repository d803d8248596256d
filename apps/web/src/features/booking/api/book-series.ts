import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** What booking the rest of a series from this class would book, skip and cost. */
export const seriesPreviewQuery = (scheduleId: number) =>
  queryOptions({
    queryKey: [ENDPOINTS.seriesBookingPreview.path, scheduleId],
    queryFn: ({ signal }) =>
      api
        .call(ENDPOINTS.seriesBookingPreview, { params: { id: scheduleId }, signal })
        .then((body) => body.data),
    // Seats and the balance move: always read afresh when the confirmation opens.
    staleTime: 0,
    gcTime: 0,
  });

export const bookSeries = (scheduleId: number, confirmLevel = false) =>
  api.call(ENDPOINTS.bookSeries, { body: { schedule_id: scheduleId, confirm_level: confirmLevel } });

import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { BookSeriesResult, SeriesBookingPreview } from '@tokenly/contract/series';
import { api, endpointPath } from '../../../lib/api-client';

/** What booking the rest of a series from this class would book, skip and cost. */
export const seriesPreviewQuery = (scheduleId: number) =>
  queryOptions({
    queryKey: [ENDPOINTS.seriesBookingPreview.path, scheduleId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: SeriesBookingPreview }>(
          endpointPath(ENDPOINTS.seriesBookingPreview.path, { id: scheduleId }),
          undefined,
          signal,
        )
        .then((body) => body.data),
    // Seats and the balance move: always read afresh when the confirmation opens.
    staleTime: 0,
    gcTime: 0,
  });

export const bookSeries = (scheduleId: number, confirmLevel = false) =>
  api.post<{ data: BookSeriesResult; message: string }>(ENDPOINTS.bookSeries.path, {
    schedule_id: scheduleId,
    confirm_level: confirmLevel,
  });

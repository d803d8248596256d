import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@tokenly/contract/calendar-feed';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: [ENDPOINTS.calendarFeed.path],
    queryFn: ({ signal }) => api.get<{ data: CalendarFeed }>(ENDPOINTS.calendarFeed.path, undefined, signal),
    select: (response) => response.data,
  });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** A new address; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: CalendarFeed; message: string }>(ENDPOINTS.calendarFeedReset.path, {}),
    onSuccess: (response) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, response),
  });
}

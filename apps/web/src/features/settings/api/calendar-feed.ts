import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: [ENDPOINTS.calendarFeed.path],
    queryFn: ({ signal }) => api.call(ENDPOINTS.calendarFeed, { signal }),
    select: (response) => response.data,
  });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** A new address; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(ENDPOINTS.calendarFeedReset),
    onSuccess: (response) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, response),
  });
}

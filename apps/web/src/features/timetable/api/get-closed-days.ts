import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** The school's closed days between two days (inclusive), for the timetable. */
export const closedDaysQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['closed-days', from, to],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.closedDays, { query: { from, to }, signal }).then((body) => body.data),
    // The school rarely changes them: one read a week shown is plenty.
    staleTime: 10 * 60_000,
  });

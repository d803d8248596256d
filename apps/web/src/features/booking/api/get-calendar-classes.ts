import { queryOptions } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';

/** Classes of the visible calendar range (the month feed). */
export const calendarClassesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['calendar-schedules', from, to],
    queryFn: ({ signal }) =>
      api
        .call(ENDPOINTS.calendarSchedules, { query: { from, to, tz: viewerTimeZone() }, signal })
        .then((body) => body.data),
  });

/** The timetable's filters (every active type and teacher) and when the next class starts. */
export const timetableOptionsQuery = () =>
  queryOptions({
    queryKey: ['timetable-options'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.timetableOptions, { signal }).then((body) => body.data),
  });

/**
 * The next classes to start (at most 3, within two weeks): the home banner's card. Asked again every
 * minute, as the classes it holds start and the next ones take their place.
 */
export const upcomingClassesQuery = () =>
  queryOptions({
    queryKey: ['upcoming-classes'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.upcomingClasses, { signal }).then((body) => body.data),
    refetchInterval: 60_000,
  });

/** Starts fetching the banner's classes for a page about to show them (a route's loader). */
export function prefetchUpcomingClasses(): void {
  void queryClient.prefetchQuery(upcomingClassesQuery());
}

/** One day's classes; SPEC.md section 8: a failed load shows an empty list, so errors become []. */
export function getClassesOnDate(date: string): Promise<CalendarClass[]> {
  return api
    .call(ENDPOINTS.scheduleByDate, { query: { date, tz: viewerTimeZone() } })
    .then((body) => body.data)
    .catch(() => []);
}

/** One class for its own page. */
export const classDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: ['calendar-class', id],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.calendarClass, { params: { id }, signal }).then((body) => body.data),
  });

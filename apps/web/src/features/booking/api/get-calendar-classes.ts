import { queryOptions } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/format';

/** Classes of the visible calendar range (the month feed). */
export const calendarClassesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['calendar-schedules', from, to],
    queryFn: ({ signal }) =>
      api
        .get<{ data: CalendarClass[] }>(
          ENDPOINTS.calendarSchedules.path,
          { from, to, tz: viewerTimeZone() },
          signal,
        )
        .then((body) => body.data),
  });

/** One day's classes; SPEC.md section 8: a failed load shows an empty list, so errors become []. */
export function getClassesOnDate(date: string): Promise<CalendarClass[]> {
  return api
    .get<{ data: CalendarClass[] }>(ENDPOINTS.scheduleByDate.path, { date, tz: viewerTimeZone() })
    .then((body) => body.data)
    .catch(() => []);
}

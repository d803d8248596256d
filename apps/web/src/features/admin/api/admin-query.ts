import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@tokenly/contract/common';
import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';
import { api, endpointPath } from '../../../lib/api-client';
import { siteContentQueryOptions } from '../../marketing/api/site-content-query';

// Every admin read shares one key prefix, so any admin save refreshes every admin list at once: the
// lists are short, and a stale count on the dashboard after a save would look like a bug.
const ADMIN_KEY = 'admin';

/**
 * A paginated admin list call (`?page=` and any filters), keeping the previous page on screen while the
 * next loads. `P` is the page's shape when the call adds to it (the payments' totals).
 */
export const adminPageQueryOptions = <T, P extends Paginated<T> = Paginated<T>>(
  name: EndpointName,
  page: number,
  filters: Record<string, string> = {},
) =>
  queryOptions({
    queryKey: [ADMIN_KEY, name, page, filters],
    queryFn: ({ signal }) => api.get<{ data: P }>(ENDPOINTS[name].path, { ...filters, page }, signal),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });

/** A single admin read, with the `:id` of its path filled in when it has one, and any query. */
export const adminQueryOptions = <T>(
  name: EndpointName,
  id?: number | string,
  query?: Record<string, string>,
) =>
  queryOptions({
    queryKey: [ADMIN_KEY, name, id ?? null, query ?? null],
    queryFn: ({ signal }) =>
      api.get<{ data: T }>(endpointPath(ENDPOINTS[name].path, id === undefined ? {} : { id }), query, signal),
    select: (response) => response.data,
  });

/**
 * An admin write (POST, PUT or DELETE by the contract); refreshes every admin read on success, and the
 * public site's content, which a teacher's profile, a class type or a setting may have changed.
 */
export function useAdminMutation<Body, Result>(name: EndpointName, id?: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => {
      const { method, path } = ENDPOINTS[name];
      const url = endpointPath(path, id === undefined ? {} : { id });
      if (method === 'DELETE') return api.delete<{ data: Result }>(url);
      return method === 'PUT' ? api.put<{ data: Result }>(url, body) : api.post<{ data: Result }>(url, body);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] }),
        queryClient.invalidateQueries({ queryKey: siteContentQueryOptions().queryKey }),
      ]),
  });
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { apiRequest, type CallResult, endpointPath } from '../../../lib/api-client';
import { siteContentQueryOptions } from '../../marketing/api/site-content-query';

// Every admin read shares one key prefix, so any admin save refreshes every admin list at once: the
// lists are short, and a stale count on the dashboard after a save would look like a bug.
const ADMIN_KEY = 'admin';

type Entry<N extends EndpointName> = (typeof ENDPOINTS)[N];
/** What the call answers in its `data`, by its contract entry. */
type DataOf<N extends EndpointName> = CallResult<Entry<N>> extends { data: infer D } ? D : never;
/** What the call takes as its body, by its contract entry; nothing for a call without one. */
type BodyOf<N extends EndpointName> =
  Entry<N> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;

// The helpers pick their call by a name they are given, which `api.call` cannot type for every name at
// once: they send through the client's request, typed by the named entry.
const path = (name: EndpointName, id?: number | string) =>
  endpointPath(ENDPOINTS[name].path, id === undefined ? {} : { id });

/**
 * A paginated admin list call (`?page=` and any filters), keeping the previous page on screen while the
 * next loads.
 */
export const adminPageQueryOptions = <N extends EndpointName>(
  name: N,
  page: number,
  filters: Record<string, string> = {},
) =>
  queryOptions({
    queryKey: [ADMIN_KEY, name, page, filters],
    queryFn: ({ signal }) =>
      apiRequest<{ data: DataOf<N> }>(path(name), { query: { ...filters, page }, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });

/** A single admin read, with the `:id` of its path filled in when it has one, and any query. */
export const adminQueryOptions = <N extends EndpointName>(
  name: N,
  id?: number | string,
  query?: Record<string, string>,
) =>
  queryOptions({
    queryKey: [ADMIN_KEY, name, id ?? null, query ?? null],
    queryFn: ({ signal }) => apiRequest<{ data: DataOf<N> }>(path(name, id), { query, signal }),
    select: (response) => response.data,
  });

/**
 * An admin write (POST, PUT or DELETE by the contract); refreshes every admin read on success, and the
 * public site's content, which a teacher's profile, a class type or a setting may have changed.
 */
export function useAdminMutation<N extends EndpointName>(name: N, id?: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<N>) => {
      const { method } = ENDPOINTS[name];
      return apiRequest<{ data: DataOf<N> }>(path(name, id), {
        method,
        body: method === 'DELETE' ? undefined : (body ?? {}),
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] }),
        queryClient.invalidateQueries({ queryKey: siteContentQueryOptions().queryKey }),
      ]),
  });
}

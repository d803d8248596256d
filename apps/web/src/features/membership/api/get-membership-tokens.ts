import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { useDeferredValue } from 'react';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const getMembershipTokens = (signal?: AbortSignal) => api.call(ENDPOINTS.membershipTokens, { signal });

export const membershipTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['membership-tokens'],
    queryFn: ({ signal }) => getMembershipTokens(signal),
    select: (response) => response.data,
    // The catalogue changes rarely.
    staleTime: 5 * 60_000,
  });

/**
 * The plans as the grids draw them: `plans` is the query's answer, deferred, so its arrival is drawn as a
 * transition, in slices that yield to the browser (a query's update is otherwise drawn in one task: the
 * cards were the longest task of /membership after its first paint). Until that render it is
 * undefined, as before the answer came.
 */
export function useMembershipTokens() {
  const query = useQuery(membershipTokensQueryOptions());
  return { query, plans: useDeferredValue(query.data) };
}

/** Starts fetching the plans for a page about to show them (a route's loader). */
export function prefetchMembershipTokens(): void {
  void queryClient.prefetchQuery(membershipTokensQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { siteContentResponseSchema } from '@tokenly/contract/site';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

type SiteContentResponse = z.infer<typeof siteContentResponseSchema>;

export const siteContentQueryOptions = () =>
  queryOptions({
    queryKey: ['site-content'],
    queryFn: ({ signal }) => api.get<SiteContentResponse>(ENDPOINTS.siteContent.path, undefined, signal),
    select: (response) => response.data,
    // The school edits it rarely; every public page's footer reads it, so a visit asks once.
    staleTime: 5 * 60_000,
  });

/** The school's teachers, course tabs and store addresses (GET site). */
export const useSiteContent = () => useQuery(siteContentQueryOptions());

/** Starts fetching the school's content for a page about to show it (a route's loader). */
export function prefetchSiteContent(): void {
  void queryClient.prefetchQuery(siteContentQueryOptions());
}

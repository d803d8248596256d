import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { siteContentResponseSchema } from '@tokenly/contract/site';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

// Apart from the hook of the home page's sections (get-site-content.ts): every page's footer reads the
// store addresses through the query client alone, so the first download of a page without those sections
// (sign-in, sign-up) does not carry react-query's observers.

type SiteContentResponse = z.infer<typeof siteContentResponseSchema>;

export const siteContentQueryOptions = () =>
  queryOptions({
    queryKey: ['site-content'],
    queryFn: ({ signal }) => api.get<SiteContentResponse>(ENDPOINTS.siteContent.path, undefined, signal),
    select: (response) => response.data,
    // The school edits it rarely; every public page's footer reads it, so a visit asks once.
    staleTime: 5 * 60_000,
  });

/** Starts fetching the school's content for a page about to show it (a route's loader). */
export function prefetchSiteContent(): void {
  void queryClient.prefetchQuery(siteContentQueryOptions());
}

/** The school's store addresses (null for a store it has no app in), once read; the home page's read too. */
export function useStoreAddresses() {
  const [stores, setStores] = useState<{ app: string | null; play: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    queryClient
      .fetchQuery(siteContentQueryOptions())
      .then(({ data }) => {
        if (current) setStores({ app: data.app_store_url, play: data.play_store_url });
      })
      // Without them the footer shows no badge, as for a school without apps.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return stores;
}

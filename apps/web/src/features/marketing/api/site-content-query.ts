import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { SitePageLink } from '@tokenly/contract/site-content';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

// Apart from the hook of the home page's sections (get-site-content.ts): every page's footer reads the
// store addresses and page links through the query client alone, so the first download of a page without those sections
// (sign-in, sign-up) does not carry react-query's observers.

export const siteContentQueryOptions = () =>
  queryOptions({
    queryKey: ['site-content'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.siteContent, { signal }),
    select: (response) => response.data,
    // The school edits it rarely; every public page's footer reads it, so a visit asks once.
    staleTime: 5 * 60_000,
  });

/** Starts fetching the school's content for a page about to show it (a route's loader). */
export function prefetchSiteContent(): void {
  void queryClient.prefetchQuery(siteContentQueryOptions());
}

type FooterContent = {
  /** Null for a store the school has no app in. */
  stores: { app: string | null; play: string | null } | null;
  /** The school's published pages. */
  pages: SitePageLink[];
};

/** What the footer shows of the school's content, once read; the home page's read too. */
export function useFooterContent(): FooterContent {
  const [content, setContent] = useState<FooterContent>({ stores: null, pages: [] });
  useEffect(() => {
    let current = true;
    queryClient
      .fetchQuery(siteContentQueryOptions())
      .then(({ data }) => {
        if (current)
          setContent({ stores: { app: data.app_store_url, play: data.play_store_url }, pages: data.pages });
      })
      // Without them the footer shows no badge and none of the school's pages, as for a new school.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return content;
}

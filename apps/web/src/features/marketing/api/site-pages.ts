import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '@tokenly/contract/common';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { PublicBlogPost, PublicBlogPostSummary, PublicSitePage } from '@tokenly/contract/site-content';
import { api, endpointPath } from '../../../lib/api-client';

// The school's pages and blog as visitors read them: the server sends the text as sanitised HTML.

export const sitePageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['site-page', slug],
    queryFn: ({ signal }) =>
      api.get<{ data: PublicSitePage }>(endpointPath(ENDPOINTS.sitePage.path, { slug }), undefined, signal),
    select: (response) => response.data,
  });

export const blogPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['blog-posts', page],
    queryFn: ({ signal }) =>
      api.get<{ data: Paginated<PublicBlogPostSummary> }>(ENDPOINTS.blogPosts.path, { page }, signal),
    select: (response) => response.data,
  });

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog-post', slug],
    queryFn: ({ signal }) =>
      api.get<{ data: PublicBlogPost }>(endpointPath(ENDPOINTS.blogPost.path, { slug }), undefined, signal),
    select: (response) => response.data,
  });

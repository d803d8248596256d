import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

// The school's pages and blog as visitors read them: the server sends the text as sanitised HTML.

export const sitePageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['site-page', slug],
    queryFn: ({ signal }) => api.call(ENDPOINTS.sitePage, { params: { slug }, signal }),
    select: (response) => response.data,
  });

export const blogPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['blog-posts', page],
    queryFn: ({ signal }) => api.call(ENDPOINTS.blogPosts, { query: { page }, signal }),
    select: (response) => response.data,
  });

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog-post', slug],
    queryFn: ({ signal }) => api.call(ENDPOINTS.blogPost, { params: { slug }, signal }),
    select: (response) => response.data,
  });

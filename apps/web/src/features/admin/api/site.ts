import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type {
  BlogPost,
  BlogPostBody,
  FaqBody,
  FaqItem,
  SiteHero,
  SiteHeroBody,
  SiteImage,
  SitePage,
  SitePageBody,
} from '@tokenly/contract/site-content';
import { api } from '../../../lib/api-client';
import { adminQueryOptions, useAdminMutation } from './admin-query';

type Listed<T> = Omit<T, 'body'>;

export const useSiteHero = () =>
  useQuery(adminQueryOptions<SiteHero & { updated_at: string }>('adminSiteHero'));
export const useSaveSiteHero = () => useAdminMutation<SiteHeroBody, SiteHero>('adminSiteHeroSave');

export const useSiteFaq = () => useQuery(adminQueryOptions<FaqItem[]>('adminSiteFaq'));
export const useSaveSiteFaq = () => useAdminMutation<FaqBody, FaqItem[]>('adminSiteFaqSave');

export const useSitePages = () => useQuery(adminQueryOptions<Listed<SitePage>[]>('adminSitePages'));
export const useSitePage = (id: string) => useQuery(adminQueryOptions<SitePage>('adminSitePage', id));
export const useCreateSitePage = () => useAdminMutation<SitePageBody, SitePage>('adminSitePageCreate');
export const useUpdateSitePage = (id: string) =>
  useAdminMutation<SitePageBody, SitePage>('adminSitePageUpdate', id);

export const useBlogPosts = () => useQuery(adminQueryOptions<Listed<BlogPost>[]>('adminBlogPosts'));
export const useBlogPost = (id: string) => useQuery(adminQueryOptions<BlogPost>('adminBlogPost', id));
export const useCreateBlogPost = () => useAdminMutation<BlogPostBody, BlogPost>('adminBlogPostCreate');
export const useUpdateBlogPost = (id: string) =>
  useAdminMutation<BlogPostBody, BlogPost>('adminBlogPostUpdate', id);

/** Markdown as visitors would see it: rendered and sanitised by the server, as it will be once saved. */
export const previewMarkdown = (markdown: string, signal?: AbortSignal) =>
  api
    .post<{ data: { html: string } }>(ENDPOINTS.adminSitePreview.path, { markdown })
    .then((body) => (signal?.aborted ? null : body.data.html));

/** Uploads a picture file, which the server resizes and re-encodes; answers its address on the site. */
export const uploadSitePicture = (fileBase64: string) =>
  api.post<{ data: SiteImage }>(ENDPOINTS.adminSiteImageUpload.path, { file_base64: fileBase64 });

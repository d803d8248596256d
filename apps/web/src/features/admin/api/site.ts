import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useSiteHero = () => useQuery(adminQueryOptions('adminSiteHero'));
export const useSaveSiteHero = () => useAdminMutation('adminSiteHeroSave');

export const useSiteFaq = () => useQuery(adminQueryOptions('adminSiteFaq'));
export const useSaveSiteFaq = () => useAdminMutation('adminSiteFaqSave');

export const useSitePages = () => useQuery(adminQueryOptions('adminSitePages'));
export const useSitePage = (id: string) => useQuery(adminQueryOptions('adminSitePage', id));
export const useCreateSitePage = () => useAdminMutation('adminSitePageCreate');
export const useUpdateSitePage = (id: string) => useAdminMutation('adminSitePageUpdate', id);

export const useBlogPosts = () => useQuery(adminQueryOptions('adminBlogPosts'));
export const useBlogPost = (id: string) => useQuery(adminQueryOptions('adminBlogPost', id));
export const useCreateBlogPost = () => useAdminMutation('adminBlogPostCreate');
export const useUpdateBlogPost = (id: string) => useAdminMutation('adminBlogPostUpdate', id);

/** Markdown as visitors would see it: rendered and sanitised by the server, as it will be once saved. */
export const previewMarkdown = (markdown: string, signal?: AbortSignal) =>
  api
    .call(ENDPOINTS.adminSitePreview, { body: { markdown } })
    .then((body) => (signal?.aborted ? null : body.data.html));

/** Uploads a picture file, which the server resizes and re-encodes; answers its address on the site. */
export const uploadSitePicture = (fileBase64: string) =>
  api.call(ENDPOINTS.adminSiteImageUpload, { body: { file_base64: fileBase64 } });

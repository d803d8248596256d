import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** GET sponsor/:url_name: who a sponsor link names, and the offer it brings (404: nobody). */
export const sponsorQuery = (urlName: string) =>
  queryOptions({
    queryKey: [ENDPOINTS.sponsorLookup.path, urlName],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.sponsorLookup, { params: { url_name: urlName }, signal }).then((body) => body.data),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export const useSponsor = (urlName: string) =>
  useQuery({ ...sponsorQuery(urlName), enabled: urlName !== '' });

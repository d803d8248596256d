import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const getSingleMembershipToken = (id: string, signal?: AbortSignal) =>
  api.call(ENDPOINTS.membershipToken, { params: { id }, signal });

export const singleMembershipTokenQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['membership-tokens', id],
    queryFn: ({ signal }) => getSingleMembershipToken(id, signal),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });

export const useSingleMembershipToken = (id: string) => useQuery(singleMembershipTokenQueryOptions(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { tokenPlanResponseSchema } from '@tokenly/contract/token-plans';
import type { z } from 'zod';
import { api, endpointPath } from '../../../lib/api-client';

type TokenPlanResponse = z.infer<typeof tokenPlanResponseSchema>;

export const getSingleMembershipToken = (id: string, signal?: AbortSignal) =>
  api.get<TokenPlanResponse>(endpointPath(ENDPOINTS.membershipToken.path, { id }), undefined, signal);

export const singleMembershipTokenQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['membership-tokens', id],
    queryFn: ({ signal }) => getSingleMembershipToken(id, signal),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });

export const useSingleMembershipToken = (id: string) => useQuery(singleMembershipTokenQueryOptions(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { tokenPlanListResponseSchema } from '@tokenly/contract/token-plans';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type TokenPlanListResponse = z.infer<typeof tokenPlanListResponseSchema>;

export const getMembershipTokens = (signal?: AbortSignal) =>
  api.get<TokenPlanListResponse>(ENDPOINTS.membershipTokens.path, undefined, signal);

export const membershipTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['membership-tokens'],
    queryFn: ({ signal }) => getMembershipTokens(signal),
    select: (response) => response.data,
    // The catalogue changes rarely.
    staleTime: 5 * 60_000,
  });

export const useMembershipTokens = () => useQuery(membershipTokensQueryOptions());

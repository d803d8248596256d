import { queryOptions, useQuery } from '@tanstack/react-query';
import type { userDetailsResponseSchema } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type UserDetailsResponse = z.infer<typeof userDetailsResponseSchema>;

export const getUserDetails = (signal?: AbortSignal) =>
  api.get<UserDetailsResponse>(ENDPOINTS.userDetails.path, undefined, signal);

export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-details'],
    queryFn: ({ signal }) => getUserDetails(signal),
    select: (response) => response.data,
  });

export const useUserDetails = () => useQuery(userDetailsQueryOptions());

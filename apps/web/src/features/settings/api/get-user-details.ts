import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const getUserDetails = (signal?: AbortSignal) => api.call(ENDPOINTS.userDetails, { signal });

export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-details'],
    queryFn: ({ signal }) => getUserDetails(signal),
    select: (response) => response.data,
  });

export const useUserDetails = () => useQuery(userDetailsQueryOptions());

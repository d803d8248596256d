import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const USER_SUBSCRIPTIONS_KEY = 'user-subscriptions';

export const userSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: [USER_SUBSCRIPTIONS_KEY],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userSubscriptions, { signal }),
    select: (response) => response.data,
  });

export const useUserSubscriptions = () => useQuery(userSubscriptionsQueryOptions());

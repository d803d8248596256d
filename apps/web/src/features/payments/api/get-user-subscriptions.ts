import { queryOptions, useQuery } from '@tanstack/react-query';
import type { userSubscriptionListResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type UserSubscriptionListResponse = z.infer<typeof userSubscriptionListResponseSchema>;

export const USER_SUBSCRIPTIONS_KEY = 'user-subscriptions';

export const userSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: [USER_SUBSCRIPTIONS_KEY],
    queryFn: ({ signal }) =>
      api.get<UserSubscriptionListResponse>(ENDPOINTS.userSubscriptions.path, undefined, signal),
    select: (response) => response.data,
  });

export const useUserSubscriptions = () => useQuery(userSubscriptionsQueryOptions());

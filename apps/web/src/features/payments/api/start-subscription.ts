import type { SubscriptionBody, subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const startSubscription = (body: SubscriptionBody) =>
  api.post<SubscriptionResponse>(ENDPOINTS.subscription.path, body).then((response) => response.data);

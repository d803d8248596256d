import type { subscriptionResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api, endpointPath } from '../../../lib/api-client';

type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** After the card was authenticated: the server checks the first invoice with the gateway and grants it. */
export const confirmSubscription = (id: number) =>
  api
    .post<SubscriptionResponse>(endpointPath(ENDPOINTS.confirmSubscription.path, { id }))
    .then((response) => response.data);

import type { SubscriptionBody } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const startSubscription = (body: SubscriptionBody) =>
  api.call(ENDPOINTS.subscription, { body }).then((response) => response.data);

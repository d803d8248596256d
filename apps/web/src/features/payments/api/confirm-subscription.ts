import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** After the card was authenticated: the server checks the first invoice with the gateway and grants it. */
export const confirmSubscription = (id: number) =>
  api.call(ENDPOINTS.confirmSubscription, { params: { id } }).then((response) => response.data);

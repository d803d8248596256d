import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** What a promo code takes off a package for the signed-in learner; refused codes throw with the reason. */
export const checkPromoCode = (code: string, planId: number) =>
  api
    .call(ENDPOINTS.promoCodeCheck, { body: { code, user_credit_token_id: planId } })
    .then((response) => response.data);

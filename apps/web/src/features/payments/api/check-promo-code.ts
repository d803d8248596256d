import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { PromoQuote } from '@tokenly/contract/promo-codes';
import { api } from '../../../lib/api-client';

/** What a promo code takes off a package for the signed-in learner; refused codes throw with the reason. */
export const checkPromoCode = (code: string, planId: number) =>
  api
    .post<{ data: PromoQuote }>(ENDPOINTS.promoCodeCheck.path, { code, user_credit_token_id: planId })
    .then((response) => response.data);

import { useQueryClient } from '@tanstack/react-query';
import type { GiftRequest } from '@tokenly/contract/gifts';
import type { PromoQuote } from '@tokenly/contract/promo-codes';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { useRef, useState } from 'react';
import { userClubPassQuery } from '../../booking/api/get-user-club-pass';
import { creditSummaryQuery } from '../../user/api/bookings';
import { USER_PAYMENTS_KEY } from '../api/get-user-payments';
import { USER_SUBSCRIPTIONS_KEY } from '../api/get-user-subscriptions';
import type { CardGateway } from '../gateway/card-gateway';
import { type CheckoutOutcome, runCheckout } from '../utils/checkout-flow';

/** Runs one checkout at a time and keeps its outcome for the page to show. */
export function useCheckout() {
  const queryClient = useQueryClient();
  // A ref, not state: a second click in the same tick must already see the first one running.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);

  async function pay(
    plan: TokenPlan,
    recurring: boolean,
    gateway: CardGateway,
    gift?: GiftRequest,
    promo?: PromoQuote,
  ) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await runCheckout(plan, recurring, gateway, gift, promo));
      // Even a failed attempt may have left a payment or subscription row behind.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: creditSummaryQuery().queryKey }),
        // A club plan's payment, or a package's free month, adds to the Club pass.
        queryClient.invalidateQueries({ queryKey: userClubPassQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: [USER_PAYMENTS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [USER_SUBSCRIPTIONS_KEY] }),
      ]);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { pay, busy, outcome, reset: () => setOutcome(null) };
}

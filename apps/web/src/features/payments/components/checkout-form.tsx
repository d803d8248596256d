import { Button, Checkbox, Stack, Text } from '@mantine/core';
import type { GiftRequest } from '@tokenly/contract/gifts';
import type { PromoQuote } from '@tokenly/contract/promo-codes';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ROUTES } from '../../../config/routes';
import { formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { FromState } from '../../../lib/redirect';
import { isLearner, useSession } from '../../../lib/session';
import { GiftFields } from '../../gifts/components/gift-fields';
import type { CardGateway } from '../gateway/card-gateway';
import { useCheckout } from '../hooks/use-checkout';
import { CardField } from './card-field';
import { CheckoutSuccess } from './checkout-success';
import { PromoCodeField } from './promo-code-field';

/**
 * SPEC.md "Payment single": the 'Subscribe (recurring)' box, the card field and Pay or Subscribe, for a
 * logged-in learner; anyone else gets a link to login that comes back here.
 */
export function CheckoutForm({ plan, initialRecurring }: { plan: TokenPlan; initialRecurring: boolean }) {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const [recurring, setRecurring] = useState(initialRecurring);
  const [gateway, setGateway] = useState<CardGateway | null>(null);
  const [gift, setGift] = useState<GiftRequest | null>(null);
  const [promo, setPromo] = useState<PromoQuote | null>(null);
  const { pay, busy, outcome, reset } = useCheckout();

  if (outcome?.kind === 'success') {
    return (
      <CheckoutSuccess
        message={outcome.message}
        balance={outcome.balance}
        clubPass={plan.kind === 'club'}
        onAgain={reset}
      />
    );
  }

  const loginState: FromState = { from: location.pathname + location.search };
  const price = formatUsd(plan.amount);
  // A package bought recurring renews monthly, as the server bills it (a plan without its own period).
  const months = plan.interval_months ?? 1;
  // A visitor has nothing to submit here (the button signs in first); a form needs a submit button.
  const Wrapper = isLearner(session) ? 'form' : 'div';
  // The club plan is sold only as a subscription: its pass runs from paid month to paid month.
  const clubPlan = plan.kind === 'club';
  return (
    <Wrapper
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        // A package bought once may be a gift; a membership renews for its buyer.
        const giving = plan.kind === 'package' && !recurring ? (gift ?? undefined) : undefined;
        // A code takes its discount off a one-time payment only.
        const code = plan.kind === 'package' && !recurring ? (promo ?? undefined) : undefined;
        if (gateway) void pay(plan, recurring || clubPlan, gateway, giving, code);
      }}
    >
      <Stack gap="md">
        {clubPlan ? (
          <Text>{t('payments.checkout.clubRenews')}</Text>
        ) : (
          <Checkbox
            label={t('payments.checkout.recurring')}
            description={t('payments.checkout.recurringHint', { months })}
            checked={recurring}
            onChange={(event) => setRecurring(event.currentTarget.checked)}
            disabled={busy}
          />
        )}
        {isLearner(session) && plan.kind === 'package' && !recurring ? (
          <GiftFields value={gift} onChange={setGift} disabled={busy} />
        ) : null}
        {isLearner(session) ? (
          <>
            {plan.kind === 'package' && !recurring ? (
              <PromoCodeField planId={plan.id} value={promo} onChange={setPromo} disabled={busy} />
            ) : null}
            <CardField onGateway={setGateway} disabled={busy} />
            {outcome ? <FormAlert title={outcome.message} /> : null}
            <Text fz="sm" c="dimmed">
              {recurring || clubPlan
                ? t('payments.checkout.recurringTotal', { price, months })
                : promo
                  ? t('payments.promo.onceTotal', { price: formatUsd(promo.amount), was: price })
                  : t('payments.checkout.onceTotal', { price })}
            </Text>
            <Button type="submit" size="md" loading={busy} disabled={!gateway}>
              {recurring || clubPlan ? t('payments.checkout.subscribe') : t('payments.checkout.pay')}
            </Button>
          </>
        ) : (
          <Button component={Link} to={ROUTES.LoginForm} state={loginState} size="md">
            {t('payments.checkout.signIn')}
          </Button>
        )}
      </Stack>
    </Wrapper>
  );
}

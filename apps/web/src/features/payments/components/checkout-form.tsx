import { Button, Checkbox, Stack, Text } from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ROUTES } from '../../../config/routes';
import { formatUsd } from '../../../lib/format';
import type { FromState } from '../../../lib/redirect';
import { isLearner, useSession } from '../../../lib/session';
import { membershipPeriod } from '../../membership/utils/plans';
import type { CardGateway } from '../gateway/card-gateway';
import { useCheckout } from '../hooks/use-checkout';
import { CardField } from './card-field';
import { CheckoutSuccess } from './checkout-success';

/**
 * SPEC.md "Payment single": the 'Subscribe (recurring)' box, the card field and Pay or Subscribe, for a
 * logged-in learner; anyone else gets a link to login that comes back here.
 */
export function CheckoutForm({ plan, initialRecurring }: { plan: TokenPlan; initialRecurring: boolean }) {
  const session = useSession();
  const location = useLocation();
  const [recurring, setRecurring] = useState(initialRecurring);
  const [gateway, setGateway] = useState<CardGateway | null>(null);
  const { pay, busy, outcome, reset } = useCheckout();

  if (outcome?.kind === 'success') {
    return <CheckoutSuccess message={outcome.message} balance={outcome.balance} onAgain={reset} />;
  }

  const loginState: FromState = { from: location.pathname + location.search };
  const price = formatUsd(plan.amount);
  // A package bought recurring renews monthly, as the server bills it (a plan without its own period).
  const renewal = `every ${membershipPeriod(plan).per}`;
  // A visitor has nothing to submit here (the button signs in first); a form needs a submit button.
  const Wrapper = isLearner(session) ? 'form' : 'div';
  return (
    <Wrapper
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (gateway) void pay(plan, recurring, gateway);
      }}
    >
      <Stack gap="md">
        <Checkbox
          label="Subscribe (recurring)"
          description={`Renew automatically ${renewal}. Leave it unticked to pay once.`}
          checked={recurring}
          onChange={(event) => setRecurring(event.currentTarget.checked)}
          disabled={busy}
        />
        {isLearner(session) ? (
          <>
            <CardField onGateway={setGateway} disabled={busy} />
            {outcome ? <FormAlert title={outcome.message} /> : null}
            <Text fz="sm" c="dimmed">
              {recurring
                ? `${price} now, then ${price} ${renewal} until you cancel.`
                : `${price} once, VAT included.`}
            </Text>
            <Button type="submit" size="md" loading={busy} disabled={!gateway}>
              {recurring ? 'Subscribe' : 'Pay'}
            </Button>
          </>
        ) : (
          <Button component={Link} to={ROUTES.LoginForm} state={loginState} size="md">
            Sign in to buy
          </Button>
        )}
      </Stack>
    </Wrapper>
  );
}

import { Input, Paper } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { currentLocale, useT } from '../../../lib/i18n';
import type { CardGateway } from '../gateway/card-gateway';
import { createStripeGateway } from '../gateway/stripe-gateway';

type GatewayProps = { onGateway: (gateway: CardGateway | null) => void; disabled: boolean };

// Stripe.js must be loaded once per page; the key comes from payment-config, never from the bundle.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCard({ onGateway, disabled }: GatewayProps) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onGateway(createStripeGateway(stripe, () => elements.getElement(CardElement)));
    return () => onGateway(null);
  }, [stripe, elements, onGateway]);

  return (
    <Input.Wrapper label={t('payments.card.details')} labelElement="div">
      <Paper withBorder radius="sm" px="sm" py={12} mt={4}>
        {/* SPEC.md "Payment single": a card field with no postal code. */}
        <CardElement options={{ hidePostalCode: true, disabled }} />
      </Paper>
    </Input.Wrapper>
  );
}

/** Stripe's Card Element. Loaded as its own chunk, only when the server runs the Stripe gateway. */
export function StripeCardField({ publishableKey, ...props }: GatewayProps & { publishableKey: string }) {
  const t = useT();
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    stripe.then(
      (loadedStripe) => current && setFailed(loadedStripe === null),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);

  if (failed) {
    return <FormAlert title={t('payments.card.fieldFailed')}>{t('payments.card.checkConnection')}</FormAlert>;
  }
  return (
    // The card field's own words (its placeholders, its refusals) in the page's language; Stripe speaks
    // all of ours.
    <Elements stripe={stripe} options={{ locale: currentLocale() }}>
      <StripeCard {...props} />
    </Elements>
  );
}

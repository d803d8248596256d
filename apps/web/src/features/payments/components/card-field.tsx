import { Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadFailure } from '../../../components/ui/load-failure';
import { useT } from '../../../lib/i18n';
import { usePaymentConfig } from '../api/get-payment-config';
import type { CardGateway } from '../gateway/card-gateway';
import { DemoCardField } from './demo-card-field';

// Only a school running the Stripe gateway downloads Stripe.js and its React bindings.
const StripeCardField = lazy(() =>
  import('./stripe-card-field').then((module) => ({ default: module.StripeCardField })),
);

function Loading() {
  const t = useT();
  return (
    <Group gap="sm" aria-live="polite">
      <Loader size="sm" />
      <Text>{t('payments.card.loading')}</Text>
    </Group>
  );
}

/** The card field of the gateway the server runs; it hands the checkout its card gateway when ready. */
export function CardField(props: { onGateway: (gateway: CardGateway | null) => void; disabled: boolean }) {
  const t = useT();
  const config = usePaymentConfig();
  if (config.isPending) return <Loading />;
  if (config.isError) {
    return <LoadFailure title={t('payments.card.loadFailed')} error={config.error} retry={config.refetch} />;
  }
  if (config.data.provider === 'demo') return <DemoCardField {...props} />;
  if (!config.data.publishable_key) return <FormAlert title={t('payments.card.notSetUp')} />;
  return (
    <Suspense fallback={<Loading />}>
      <StripeCardField publishableKey={config.data.publishable_key} {...props} />
    </Suspense>
  );
}

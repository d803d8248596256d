import { Anchor, Container, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Panel } from '../../../components/ui/panel';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { isLearner, useSession } from '../../../lib/session';
import { useSingleMembershipToken } from '../api/get-single-membership-token';
import { CheckoutForm } from './checkout-form';

// Loaded only when opened: most buyers never change their billing details at checkout.
const BillingDetailsForm = lazy(() =>
  import('../../settings/components/billing-details-form').then((module) => ({
    default: module.BillingDetailsForm,
  })),
);

/** The invoice's buyer, optional: the same details as in Settings, for the invoice of this payment. */
function CheckoutBillingDetails() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('payments.billing.checkoutSummary')}</summary>
      {open ? (
        <Suspense fallback={<Loader size="sm" />}>
          <Stack pt="md">
            <BillingDetailsForm />
          </Stack>
        </Suspense>
      ) : null}
    </details>
  );
}

/**
 * /select-payment/{id}: the plan and its checkout (SPEC.md "Payment single"). A membership, the club
 * plan, or a link with `?recurring=1` (the membership page's), starts with Subscribe ticked.
 */
export function CheckoutPage({ renderPlan }: { renderPlan: (plan: TokenPlan) => ReactNode }) {
  const t = useT();
  usePageTitle(t('payments.checkout.title'));
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const plan = useSingleMembershipToken(id);
  const learner = isLearner(useSession());

  let body: ReactNode;
  if (plan.isPending) {
    body = (
      <Stack align="center" py="xl">
        <Loader />
        <Text>{t('payments.checkout.loading')}</Text>
      </Stack>
    );
  } else if (plan.isError) {
    const notFound = plan.error instanceof ApiError && plan.error.status === 404;
    body = (
      <Stack align="flex-start">
        {notFound ? (
          <FormAlert title={t('payments.checkout.notFound')} />
        ) : (
          <LoadFailure title={t('payments.checkout.loadFailed')} error={plan.error} retry={plan.refetch} />
        )}
        <Anchor component={Link} to={ROUTES.payment}>
          {t('payments.checkout.allPackages')}
        </Anchor>
      </Stack>
    );
  } else {
    body = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>{renderPlan(plan.data)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Panel>
            <Stack gap="md">
              <Title order={2} fz="xl">
                {t('payments.checkout.payment')}
              </Title>
              <CheckoutForm
                plan={plan.data}
                initialRecurring={plan.data.kind !== 'package' || searchParams.get('recurring') === '1'}
              />
              {learner ? <CheckoutBillingDetails /> : null}
            </Stack>
          </Panel>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {t('payments.checkout.title')}
        </Title>
        {body}
      </Stack>
    </Container>
  );
}

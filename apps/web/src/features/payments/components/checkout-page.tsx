import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Grid,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ROUTES } from '../../../config/routes';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import type { FromState } from '../../../lib/redirect';
import { isLearner, useSession } from '../../../lib/session';
import { useSingleMembershipToken } from '../api/get-single-membership-token';

/**
 * /select-payment/{id}: the plan, the 'Subscribe (recurring)' choice and the pay button, shown only to a
 * logged-in learner (SPEC.md "Payment single"). The card field and the payment calls arrive with the
 * payments issue.
 */
export function CheckoutPage({ renderPlan }: { renderPlan: (plan: TokenPlan) => ReactNode }) {
  usePageTitle('Checkout');
  const { id = '' } = useParams();
  const plan = useSingleMembershipToken(id);
  const session = useSession();
  const [recurring, setRecurring] = useState(false);
  const checkoutPath = ROUTES.selectPayment(id);
  const loginState: FromState = { from: checkoutPath };

  let body: ReactNode;
  if (plan.isPending) {
    body = (
      <Stack align="center" py="xl">
        <Loader />
        <Text>Loading the package…</Text>
      </Stack>
    );
  } else if (plan.isError) {
    const notFound = plan.error instanceof ApiError && plan.error.status === 404;
    body = (
      <Stack align="flex-start">
        <FormAlert title={notFound ? 'This package does not exist.' : 'We could not load this package.'}>
          {notFound ? undefined : errorMessage(plan.error)}
        </FormAlert>
        <Anchor component={Link} to={ROUTES.payment}>
          See all packages
        </Anchor>
      </Stack>
    );
  } else {
    body = (
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>{renderPlan(plan.data)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={2} fz="xl">
                Payment
              </Title>
              <Checkbox
                label="Subscribe (recurring)"
                description="Renew automatically every period. Leave it unticked to pay once."
                checked={recurring}
                onChange={(event) => setRecurring(event.currentTarget.checked)}
              />
              <Alert color="brand" variant="light" title="Card payments open soon">
                Online card payment is being set up. No charge can be made yet.
              </Alert>
              {isLearner(session) ? (
                <Button size="md" disabled>
                  {recurring ? 'Subscribe' : 'Pay'}
                </Button>
              ) : (
                <Button component={Link} to={ROUTES.LoginForm} state={loginState} size="md">
                  Sign in to buy
                </Button>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Checkout
        </Title>
        {body}
      </Stack>
    </Container>
  );
}

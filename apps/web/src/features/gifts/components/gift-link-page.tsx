import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Panel } from '../../../components/ui/panel';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import type { FromState } from '../../../lib/redirect';
import { isLearner, useSession } from '../../../lib/session';
import { pendingGift } from '../pending-gift';

/**
 * /gift/{code}, the link in a gift's mail: a learner goes straight to "Redeem a gift" with the code in
 * it; anyone else signs in or signs up first, the code kept for this tab and the way back given to both.
 */
export function GiftLinkPage() {
  const t = useT();
  usePageTitle(t('payments.gifts.landingTitle'));
  const { code = '' } = useParams();
  const session = useSession();
  const redeemAt = `${ROUTES.userGifts}?code=${encodeURIComponent(code)}`;
  const learner = isLearner(session);
  useEffect(() => {
    if (!learner) pendingGift.set(code);
  }, [learner, code]);
  if (learner) return <Navigate to={redeemAt} replace />;
  const back: FromState = { from: redeemAt };
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Panel>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('payments.gifts.landingTitle')}
          </Title>
          <Text>{t('payments.gifts.landingIntro')}</Text>
          <Text fw={700} ff="monospace">
            {code}
          </Text>
          <Group>
            <Button component={Link} to={ROUTES.SignupForm} state={back}>
              {t('payments.gifts.landingSignUp')}
            </Button>
            <Button component={Link} to={ROUTES.LoginForm} state={back} variant="default">
              {t('payments.gifts.landingSignIn')}
            </Button>
          </Group>
        </Stack>
      </Panel>
    </Container>
  );
}

import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserSubscription } from '@tokenly/contract/checkout';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { LoadFailure } from '../../../components/ui/load-failure';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useUserSubscriptions } from '../api/get-user-subscriptions';
import { useResumeSubscription } from '../api/pause-subscription';
import {
  canCancel,
  canChangePlan,
  canPause,
  canResume,
  canUpdateCard,
  dunningLines,
  isPausedNow,
  nextChargeText,
  pauseLine,
  periodEndText,
  SUBSCRIPTION_STATUS_LABELS,
  scheduledChangeLine,
} from '../utils/subscriptions';
import { ChangePlanDialog } from './change-plan-dialog';
import { PauseDialog } from './pause-dialog';
import { UpdateCardDialog } from './update-card-dialog';

const BADGE_COLORS: Partial<Record<UserSubscription['status'], string>> = {
  active: 'teal.9',
  past_due: 'red.9',
  unpaid: 'red.9',
};

function SubscriptionCard({ subscription }: { subscription: UserSubscription }) {
  const t = useT();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [updatingCard, setUpdatingCard] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [changingPlan, setChangingPlan] = useState(false);
  const changeText = scheduledChangeLine(subscription);
  const pausedNow = isPausedNow(subscription);
  const pauseText = pauseLine(subscription);
  const title = subscription.token_plan.token_title;
  const endText = periodEndText(subscription);
  const chargeText = nextChargeText(subscription);
  const periodEnd = subscription.current_period_end;

  const cancelSubscription = () =>
    cancel.mutate(subscription.id, {
      onSuccess: (cancelled) =>
        dialog.success(
          cancelled.current_period_end
            ? t('payments.subscriptions.cancelledEnds', { date: formatDate(cancelled.current_period_end) })
            : t('payments.subscriptions.cancelled'),
        ),
      onError: (error) => dialog.failure(error, cancelSubscription),
    });

  const resumeNow = () =>
    resume.mutate(subscription.id, {
      onSuccess: (resumed) =>
        dialog.success(
          t('payments.subscriptions.resumedDone', { date: formatDate(resumed.current_period_end ?? '') }),
        ),
      onError: (error) => dialog.failure(error, resumeNow),
    });

  const confirmResume = () =>
    dialog.confirm({
      title: t('payments.subscriptions.resumeNamed', { title }),
      message: t('payments.subscriptions.resumeExplained'),
      confirmLabel: t('payments.subscriptions.resumeConfirm'),
      onConfirm: resumeNow,
    });

  const confirmCancel = () =>
    dialog.confirm({
      title: t('payments.subscriptions.confirmTitle', { title }),
      message: periodEnd
        ? t('payments.subscriptions.confirmUntil', { date: formatDate(periodEnd) })
        : t('payments.subscriptions.confirmStops'),
      confirmLabel: t('payments.subscriptions.confirmLabel'),
      onConfirm: cancelSubscription,
    });

  return (
    <Card withBorder radius="lg">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} fz="md">
              {/* A plan's name is the school's, in any script: isolated from the page's direction. */}
              <bdi>{title}</bdi>
            </Title>
            <Badge
              variant="filled"
              style={{ flexShrink: 0 }}
              color={pausedNow ? 'gray.7' : (BADGE_COLORS[subscription.status] ?? 'gray.7')}
              tt="none"
            >
              {t(SUBSCRIPTION_STATUS_LABELS[pausedNow ? 'paused' : subscription.status])}
            </Badge>
          </Group>
          <Text fz="sm">
            {/* Only the club plan grants no tokens (the token_plans check): its months run the Club pass. */}
            {subscription.token_plan.token_credit === 0
              ? t('membership.plan.clubPass')
              : t('payments.subscriptions.perPeriod', { count: subscription.token_plan.token_credit })}
          </Text>
          {pauseText ? <Text fz="sm">{pauseText}</Text> : null}
          {endText ? <Text fz="sm">{endText}</Text> : null}
          {chargeText ? <Text fz="sm">{chargeText}</Text> : null}
          {changeText ? <Text fz="sm">{changeText}</Text> : null}
          {dunningLines(subscription).map((line) => (
            <Text fz="sm" key={line}>
              {line}
            </Text>
          ))}
        </Stack>
        <Group gap="xs">
          {canUpdateCard(subscription) ? (
            <Button
              variant={subscription.past_due_since ? 'filled' : 'light'}
              size="xs"
              w="fit-content"
              onClick={() => setUpdatingCard(true)}
              aria-label={t('payments.subscriptions.updateCardNamed', { title })}
            >
              {t('payments.subscriptions.updateCard')}
            </Button>
          ) : null}
          {canChangePlan(subscription) ? (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              onClick={() => setChangingPlan(true)}
              aria-label={t('payments.changePlan.titleNamed', { title })}
            >
              {t('payments.changePlan.button')}
            </Button>
          ) : null}
          {canPause(subscription) ? (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              onClick={() => setPausing(true)}
              aria-label={t('payments.subscriptions.pauseNamed', { title })}
            >
              {t('payments.subscriptions.pause')}
            </Button>
          ) : null}
          {canResume(subscription) ? (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              loading={resume.isPending}
              onClick={confirmResume}
              aria-label={t('payments.subscriptions.resumeNamed', { title })}
            >
              {t('payments.subscriptions.resume')}
            </Button>
          ) : null}
          {canCancel(subscription) ? (
            <Button
              variant="light"
              color="red"
              size="xs"
              w="fit-content"
              loading={cancel.isPending}
              onClick={confirmCancel}
              aria-label={t('payments.subscriptions.cancelNamed', { title })}
            >
              {t('payments.subscriptions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      {pausing ? <PauseDialog subscription={subscription} onClose={() => setPausing(false)} /> : null}
      {changingPlan ? (
        <ChangePlanDialog subscription={subscription} onClose={() => setChangingPlan(false)} />
      ) : null}
      {updatingCard ? (
        <UpdateCardDialog subscription={subscription} opened onClose={() => setUpdatingCard(false)} />
      ) : null}
    </Card>
  );
}

/** The learner's memberships: when each renews or ends, and cancelling at period end. */
export function SubscriptionList() {
  const t = useT();
  const subscriptions = useUserSubscriptions();
  let body: ReactNode;
  if (subscriptions.isPending) {
    body = (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>{t('payments.subscriptions.loading')}</Text>
      </Group>
    );
  } else if (subscriptions.isError) {
    body = (
      <LoadFailure
        title={t('payments.subscriptions.loadFailed')}
        error={subscriptions.error}
        retry={subscriptions.refetch}
      />
    );
  } else if (subscriptions.data.length === 0) {
    body = (
      <Text>
        <RichMessage
          id="payments.subscriptions.empty"
          components={{ 0: <Anchor component={Link} to={ROUTES.membership} /> }}
        />
      </Text>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {subscriptions.data.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="subscriptions-heading">
      <Title order={2} size="h3" id="subscriptions-heading">
        {t('payments.subscriptions.heading')}
      </Title>
      {body}
    </Stack>
  );
}

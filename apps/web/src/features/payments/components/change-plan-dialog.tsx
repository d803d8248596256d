import { Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserSubscription } from '@tokenly/contract/checkout';
import type { PlanChangePreview } from '@tokenly/contract/memberships';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { membershipTokensQueryOptions } from '../../membership/api/get-membership-tokens';
import { planChangePreviewQueryOptions, useChangeSubscriptionPlan } from '../api/change-subscription-plan';

const usd = (cents: number) => formatUsd(cents / 100);

/** The preview in words: what is charged and added now, and what each period brings from when. */
function PreviewLines({ preview }: { preview: PlanChangePreview }) {
  const t = useT();
  const { to_plan: to, next_charge: next } = preview;
  return (
    <Stack gap={4} aria-live="polite">
      {preview.kind === 'upgrade' ? (
        <>
          <Text fz="sm" fw={600}>
            {t('payments.changePlan.chargeNow', { amount: usd(preview.charge_now) })}
          </Text>
          <Text fz="sm">{t('payments.changePlan.creditsNow', { count: preview.credits_now })}</Text>
        </>
      ) : (
        <Text fz="sm" fw={600}>
          {t('payments.changePlan.nothingNow', { date: formatDate(preview.takes_effect_at) })}
        </Text>
      )}
      <Text fz="sm">
        {t('payments.changePlan.nextCharge', {
          date: formatDate(next.at),
          amount: usd(next.amount),
          count: next.credits,
          plan: to.token_title,
        })}
      </Text>
    </Stack>
  );
}

/**
 * Moving a membership to another plan of the same billing interval: the learner picks the plan, sees
 * exactly what is charged and granted (the server's preview), and confirms those figures.
 */
export function ChangePlanDialog({
  subscription,
  onClose,
}: {
  subscription: UserSubscription;
  onClose: () => void;
}) {
  const t = useT();
  const change = useChangeSubscriptionPlan();
  const [planId, setPlanId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const plans = useQuery(membershipTokensQueryOptions());
  const preview = useQuery(planChangePreviewQueryOptions(subscription.id, planId));
  const title = subscription.token_plan.token_title;
  const current = plans.data?.find((plan) => plan.id === subscription.token_plan.id);
  // Only memberships billed like this one: the rest of the same period is what an upgrade charges.
  const choices = (plans.data ?? []).filter(
    (plan) =>
      plan.kind === 'membership' &&
      plan.id !== subscription.token_plan.id &&
      (current === undefined || plan.interval_months === current.interval_months),
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!preview.data) return;
    setFailure(null);
    const figures = preview.data;
    change.mutate(
      {
        id: subscription.id,
        user_credit_token_id: figures.to_plan.id,
        quoted_at: figures.quoted_at,
        charge_now: figures.charge_now,
      },
      {
        onSuccess: () => {
          onClose();
          dialog.success(
            figures.kind === 'upgrade'
              ? t('payments.changePlan.upgraded', { plan: figures.to_plan.token_title })
              : t('payments.changePlan.scheduled', {
                  plan: figures.to_plan.token_title,
                  date: formatDate(figures.takes_effect_at),
                }),
          );
        },
        onError: (error) => {
          setFailure(errorMessage(error));
          void preview.refetch();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('payments.changePlan.titleNamed', { title })} centered>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Text fz="sm">{t('payments.changePlan.explained')}</Text>
          {plans.isPending ? <Loader size="sm" aria-label={t('payments.changePlan.loading')} /> : null}
          {plans.isError ? <FormAlert title={errorMessage(plans.error)} /> : null}
          {plans.isSuccess && choices.length === 0 ? (
            <Text fz="sm">{t('payments.changePlan.noChoice')}</Text>
          ) : null}
          {choices.length > 0 ? (
            <NativeSelect
              label={t('payments.changePlan.newPlan')}
              value={planId === null ? '' : String(planId)}
              onChange={(event) => {
                setFailure(null);
                setPlanId(event.currentTarget.value === '' ? null : Number(event.currentTarget.value));
              }}
              data={[
                { value: '', label: t('payments.changePlan.choose') },
                ...choices.map((plan) => ({
                  value: String(plan.id),
                  label: t('payments.changePlan.option', {
                    plan: plan.token_title,
                    amount: formatUsd(plan.amount),
                    count: plan.token_credit,
                  }),
                })),
              ]}
            />
          ) : null}
          {preview.isFetching ? <Loader size="sm" aria-label={t('payments.changePlan.loading')} /> : null}
          {preview.data && !preview.isFetching ? <PreviewLines preview={preview.data} /> : null}
          {preview.isError ? <FormAlert title={errorMessage(preview.error)} /> : null}
          {failure ? <FormAlert title={failure} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {t('payments.subscriptions.updateCardClose')}
            </Button>
            <Button type="submit" loading={change.isPending} disabled={!preview.data || preview.isFetching}>
              {preview.data?.kind === 'upgrade'
                ? t('payments.changePlan.confirmPay', { amount: usd(preview.data.charge_now) })
                : t('payments.changePlan.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { UserSubscription } from '@tokenly/contract/checkout';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePauseSubscription } from '../api/pause-subscription';

/** Pausing a membership from its next renewal: the learner picks 1 to 3 billing months. */
export function PauseDialog({
  subscription,
  onClose,
}: {
  subscription: UserSubscription;
  onClose: () => void;
}) {
  const t = useT();
  const pause = usePauseSubscription();
  const [months, setMonths] = useState('1');
  const [failure, setFailure] = useState<string | null>(null);
  const title = subscription.token_plan.token_title;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    pause.mutate(
      { id: subscription.id, months: Number(months) },
      {
        onSuccess: (paused) => {
          onClose();
          dialog.success(
            t('payments.subscriptions.pausedDone', {
              from: formatDate(paused.paused_from ?? ''),
              until: formatDate(paused.paused_until ?? ''),
            }),
          );
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('payments.subscriptions.pauseNamed', { title })} centered>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Text fz="sm">
            {subscription.current_period_end
              ? t('payments.subscriptions.pauseExplained', {
                  date: formatDate(subscription.current_period_end),
                })
              : null}
          </Text>
          <NativeSelect
            label={t('payments.subscriptions.pauseMonths')}
            value={months}
            onChange={(event) => setMonths(event.currentTarget.value)}
            data={[1, 2, 3].map((count) => ({
              value: String(count),
              label: t('payments.subscriptions.pauseMonthsOption', { count }),
            }))}
          />
          {failure ? <FormAlert title={failure} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pause.isPending}>
              {t('payments.subscriptions.updateCardClose')}
            </Button>
            <Button type="submit" loading={pause.isPending}>
              {t('payments.subscriptions.pauseConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

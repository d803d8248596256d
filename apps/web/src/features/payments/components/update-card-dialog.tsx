import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserSubscription } from '@tokenly/contract/checkout';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useUpdateSubscriptionCard } from '../api/update-subscription-card';
import type { CardGateway } from '../gateway/card-gateway';
import { CardField } from './card-field';

/** A new card for a membership; a failed renewal is tried with it as soon as it is saved. */
export function UpdateCardDialog({
  subscription,
  opened,
  onClose,
}: {
  subscription: UserSubscription;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateSubscriptionCard();
  const [gateway, setGateway] = useState<CardGateway | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = subscription.token_plan.token_title;
  const pastDue = subscription.past_due_since !== null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!gateway) return;
    setFailure(null);
    setSaving(true);
    try {
      const payment_method = await gateway.createPaymentMethod();
      await update.mutateAsync({ id: subscription.id, payment_method });
      onClose();
      dialog.success(
        t(pastDue ? 'payments.subscriptions.cardUpdatedPaid' : 'payments.subscriptions.cardUpdated'),
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments.subscriptions.updateCardNamed', { title })}
      centered
    >
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          {pastDue ? (
            <Text fz="sm">
              {t('payments.subscriptions.updateCardPastDue', {
                amount: formatUsd(subscription.amount / 100),
              })}
            </Text>
          ) : null}
          <CardField onGateway={setGateway} disabled={saving} />
          {failure ? <FormAlert title={failure} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('payments.subscriptions.updateCardClose')}
            </Button>
            <Button type="submit" loading={saving} disabled={!gateway}>
              {t('payments.subscriptions.updateCardSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

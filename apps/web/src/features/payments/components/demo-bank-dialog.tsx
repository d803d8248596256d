import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/**
 * The demo's stand-in for the bank's 3-D Secure page. Closing it counts as failing, as closing Stripe's
 * authentication window does.
 */
export function DemoBankDialog({
  opened,
  onAnswer,
}: {
  opened: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer(false)}
      title={t('payments.bank.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack gap="md">
        <Text>{t('payments.bank.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)}>
            {t('payments.bank.fail')}
          </Button>
          <Button onClick={() => onAnswer(true)} data-autofocus>
            {t('payments.bank.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

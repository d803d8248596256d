import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer(false)}
      title="Confirm this payment with your bank"
      centered
    >
      <Stack gap="md">
        <Text>
          Your bank asks you to confirm this payment. In demo mode you choose what the bank answers.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)}>
            Fail authentication
          </Button>
          <Button onClick={() => onAnswer(true)} data-autofocus>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

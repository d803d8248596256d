import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconCheck } from '../../../components/ui/icons';
import { ROUTES } from '../../../config/routes';
import { PendingBookingBanner } from '../../booking/components/pending-booking-banner';

/** After a purchase: the confirmation, the new balance, and a booking started before it (issue 5). */
export function CheckoutSuccess({
  message,
  balance,
  onAgain,
}: {
  message: string;
  balance: number;
  onAgain: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert
        color="green.9"
        variant="light"
        title={message}
        role="status"
        icon={<IconCheck size={20} />}
        // Mantine's light variant draws the title in a green too pale for 4.5:1 on this tint.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Text>
          Your balance is now <strong data-testid="checkout-balance">{balance}</strong>{' '}
          {balance === 1 ? 'token' : 'tokens'}.
        </Text>
      </Alert>
      <PendingBookingBanner />
      <Group>
        <Button component={Link} to={ROUTES.home}>
          Book a class
        </Button>
        <Button component={Link} to={ROUTES.userPaymenyList} variant="default">
          See my payments
        </Button>
        <Button variant="subtle" onClick={onAgain}>
          Buy again
        </Button>
      </Group>
    </Stack>
  );
}

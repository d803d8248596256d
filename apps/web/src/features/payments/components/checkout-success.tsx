import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconCheck } from '../../../components/ui/icons';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import { PendingBookingBanner } from '../../booking/components/pending-booking-banner';

/** After a purchase: the confirmation, the new balance, and a booking started before it. */
export function CheckoutSuccess({
  message,
  balance,
  onAgain,
}: {
  message: string;
  balance: number;
  onAgain: () => void;
}) {
  const t = useT();
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
          <RichMessage
            id="payments.success.balance"
            values={{ balance }}
            components={{ 0: <strong data-testid="checkout-balance" /> }}
          />
        </Text>
      </Alert>
      <PendingBookingBanner />
      <Group>
        <Button component={Link} to={ROUTES.home}>
          {t('payments.success.book')}
        </Button>
        <Button component={Link} to={ROUTES.userPaymenyList} variant="default">
          {t('payments.success.payments')}
        </Button>
        <Button variant="subtle" onClick={onAgain}>
          {t('payments.success.again')}
        </Button>
      </Group>
    </Stack>
  );
}

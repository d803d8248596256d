import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconCheck } from '../../../components/ui/icons';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { userClubPassQuery } from '../../booking/api/get-user-club-pass';
import { PendingBookingBanner } from '../../booking/components/pending-booking-banner';

/** What the club plan bought: the pass's end, read back from the server. */
function ClubPassUntil() {
  const pass = useQuery(userClubPassQuery()).data?.pass;
  if (!pass?.active) return null;
  return (
    <RichMessage
      id="payments.success.clubPass"
      values={{ date: formatDate(pass.until) }}
      components={{ 0: <strong data-testid="checkout-club-pass" /> }}
    />
  );
}

/** After a purchase: the confirmation, the new balance (or the Club pass), and a booking started before it. */
export function CheckoutSuccess({
  message,
  balance,
  clubPass = false,
  onAgain,
}: {
  message: string;
  balance: number;
  /** The club plan was bought: it grants no tokens, so the pass is shown instead of the balance. */
  clubPass?: boolean;
  onAgain: () => void;
}) {
  const t = useT();
  return (
    <Stack gap="md">
      <Alert
        color="green"
        variant="light"
        title={message}
        role="status"
        icon={<IconCheck size={20} />}
        // Mantine's light variant draws the title in a green too pale for 4.5:1 on this tint.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Text>
          {clubPass ? (
            <ClubPassUntil />
          ) : (
            <RichMessage
              id="payments.success.balance"
              values={{ balance }}
              components={{ 0: <strong data-testid="checkout-balance" /> }}
            />
          )}
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

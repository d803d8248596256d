import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useBookClass } from '../hooks/use-book-class';
import { type PendingIntent, pendingIntentStore } from '../utils/pending-intent';

/** The offer itself, with the booking machinery it needs: loaded only when there is something to offer. */
export function PendingBookingOffer({ intent }: { intent: PendingIntent }) {
  const t = useT();
  const { book, busy } = useBookClass();
  const values = { title: intent.title, dateTime: formatDateTime(intent.starts_at) };
  return (
    <Alert
      color="blue"
      title={intent.waitlist ? t('booking.pending.waitlistTitle') : t('booking.pending.title')}
      mb="md"
    >
      <Text mb="sm">
        {intent.waitlist ? t('booking.pending.waitlistText', values) : t('booking.pending.text', values)}
      </Text>
      <Group>
        <Button loading={busy} onClick={() => book(intent)}>
          {intent.waitlist ? t('booking.waitlist.join') : t('booking.pending.book')}
        </Button>
        <Button variant="default" onClick={() => pendingIntentStore.clear()}>
          {t('booking.pending.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}

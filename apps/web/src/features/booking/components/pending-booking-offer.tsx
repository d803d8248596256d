import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useBookClass } from '../hooks/use-book-class';
import { type PendingIntent, pendingIntentStore } from '../utils/pending-intent';

/** The offer itself, with the booking machinery it needs: loaded only when there is something to offer. */
export function PendingBookingOffer({ intent }: { intent: PendingIntent }) {
  const { book } = useBookClass();
  return (
    <Alert color="blue" title="Finish your booking" mb="md">
      <Text mb="sm">
        You were booking {intent.title} on {formatDateTime(intent.starts_at)}
      </Text>
      <Group>
        <Button onClick={() => book(intent)}>Book now</Button>
        <Button variant="default" onClick={() => pendingIntentStore.clear()}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { isLearner, useSession } from '../../../lib/session';
import { useBookClass } from '../hooks/use-book-class';
import { pendingIntentStore, usePendingIntent } from '../utils/pending-intent';

/** Offers a booking started before sign-up, login or a purchase again (issue 4), rather than losing it. */
export function PendingBookingBanner() {
  const intent = usePendingIntent();
  const session = useSession();
  const { book, busy } = useBookClass();
  if (!intent || !isLearner(session)) return null;
  return (
    <Alert color="blue" title="Finish your booking" mb="md">
      <Text mb="sm">
        You were booking {intent.title} on {formatDateTime(intent.starts_at)}
      </Text>
      <Group>
        <Button loading={busy} onClick={() => book(intent)}>
          Book now
        </Button>
        <Button variant="default" onClick={() => pendingIntentStore.clear()}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}

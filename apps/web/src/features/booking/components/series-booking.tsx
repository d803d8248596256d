import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { creditCount } from '@tokenly/contract/constants';
import type { SeriesSkipReason } from '@tokenly/contract/series';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { bookSeries, seriesPreviewQuery } from '../api/book-series';

const classes = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

const REASONS: Record<SeriesSkipReason, string> = {
  full: 'full',
  already_booked: 'already booked',
  not_enough_credits: 'not enough credits',
  unavailable: 'no longer bookable',
};

function Skipped({
  items,
}: {
  items: { schedule_id: number; starts_at: string; reason: SeriesSkipReason }[];
}) {
  if (items.length === 0) return null;
  return (
    <List size="sm">
      {items.map((item) => (
        <List.Item key={item.schedule_id}>
          {formatDateTime(item.starts_at)}: {REASONS[item.reason]}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Issue 13, "Book the rest of the series": the preview (how many classes, the credits, the balance after,
 * and which would be skipped), then the result. Each class is booked by the server on its own, so the
 * result lists what was booked and what was not, with why.
 */
export function SeriesBookingConfirmation({
  scheduleId,
  onClose,
}: {
  scheduleId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const preview = useQuery(seriesPreviewQuery(scheduleId));
  const booking = useMutation({
    mutationFn: () => bookSeries(scheduleId),
    onSettled: () => queryClient.invalidateQueries(),
  });

  if (booking.data) {
    const { data, message } = booking.data;
    return (
      <Stack gap="md">
        <Text role="status" fw={700}>
          {message}
        </Text>
        {data.booked.length > 0 && (
          <div>
            <Text size="sm">Booked:</Text>
            <List size="sm">
              {data.booked.map((item) => (
                <List.Item key={item.schedule_id}>{formatDateTime(item.starts_at)}</List.Item>
              ))}
            </List>
          </div>
        )}
        {data.not_booked.length > 0 && (
          <div>
            <Text size="sm">Not booked:</Text>
            <Skipped items={data.not_booked} />
          </div>
        )}
        <Text size="sm">Each booking can be cancelled on its own under Booking &amp; Classes.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <QueryState query={preview} what="the series">
      {(data) => (
        <Stack gap="md">
          <div>
            <Text fw={700}>{data.course_title}</Text>
            <Text>{data.title}</Text>
          </div>
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
            <dt>Classes to book</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>{data.to_book.length}</dd>
            <dt>Costs</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>{creditCount(data.total_credits)}</dd>
            <dt>Your balance</dt>
            <dd style={{ margin: 0 }}>{creditCount(data.balance)}</dd>
            <dt>After booking</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>{creditCount(data.balance_after)}</dd>
          </dl>
          {data.to_book.length > 0 && (
            <Text size="sm">
              From {formatDateTime(data.to_book[0]?.starts_at ?? '')} to{' '}
              {formatDateTime(data.to_book.at(-1)?.starts_at ?? '')}.
            </Text>
          )}
          {data.skipped.length > 0 && (
            <Alert color="orange" title={`${classes(data.skipped.length)} would not be booked`} c="dark.8">
              <Skipped items={data.skipped} />
            </Alert>
          )}
          {booking.error && (
            <Alert color="red" title="Error!" c="red.9" role="alert">
              {errorMessage(booking.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {data.to_book.length > 0 && (
              <Button loading={booking.isPending} onClick={() => booking.mutate()}>
                Book {classes(data.to_book.length)}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}

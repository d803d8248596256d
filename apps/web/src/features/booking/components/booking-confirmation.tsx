import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BookingPreview } from '@tokenly/contract/bookings';
import { creditCount } from '@tokenly/contract/constants';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { bookClass, bookingPreviewQuery } from '../api/book-class';

function Figures({ preview }: { preview: BookingPreview }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
      <dt>Costs</dt>
      <dd style={{ margin: 0, fontWeight: 700 }} data-testid="booking-cost">
        {creditCount(preview.credits)}
      </dd>
      <dt>Your balance</dt>
      <dd style={{ margin: 0 }}>{creditCount(preview.balance)}</dd>
      <dt>After booking</dt>
      <dd style={{ margin: 0, fontWeight: 700 }} data-testid="balance-after">
        {preview.balance_after >= 0 ? creditCount(preview.balance_after) : 'Not enough credits'}
      </dd>
    </dl>
  );
}

type Props = {
  scheduleId: number;
  onBooked: (message: string) => void;
  /** The server refused, or could not be reached. */
  onFailed: (error: unknown) => void;
  onBuyTokens: () => void;
  onClose: () => void;
};

/**
 * Book Now's confirmation (issue 18): the class, its cost, the balance after, the credits it uses and,
 * inside the free-cancellation window, a plain warning. Every figure is the server's; booking itself is
 * checked again by the server, whose reason is shown if it refuses.
 */
export function BookingConfirmation({ scheduleId, onBooked, onFailed, onBuyTokens, onClose }: Props) {
  const preview = useQuery(bookingPreviewQuery(scheduleId));
  const booking = useMutation({
    mutationFn: () => bookClass({ schedule_id: scheduleId }),
    onSuccess: (result) => onBooked(result.message),
    onError: onFailed,
  });
  return (
    <QueryState query={preview} what="the booking details">
      {(data) => (
        <Stack gap="md">
          <div>
            <Text fw={700}>{data.course_title ?? 'Untitled Class'}</Text>
            <Text>{data.title ?? 'No Class'}</Text>
            <Text size="sm">
              {formatDateTime(data.starts_at)}, {data.duration_min} min
            </Text>
          </div>
          {data.already_booked ? (
            <Alert color="blue" title="Already booked">
              You have already booked this class. Your bookings are under Booking &amp; Classes.
            </Alert>
          ) : (
            <>
              <Figures preview={data} />
              {data.uses.length > 0 && data.balance_after >= 0 && (
                <div>
                  <Text size="sm">Uses the credits that expire first:</Text>
                  <List size="sm">
                    {data.uses.map((use) => (
                      // One line per expiry: the server adds up lots that expire at the same instant.
                      <List.Item key={use.expires_at}>
                        {creditCount(use.credits)} expiring on {formatDate(use.expires_at)}
                      </List.Item>
                    ))}
                  </List>
                </div>
              )}
              {data.balance_after < 0 && (
                <Alert color="orange" title="Not enough credits" c="dark.8">
                  This class costs {creditCount(data.credits)} and you have {creditCount(data.balance)}.
                </Alert>
              )}
              {data.free_cancellation ? (
                <Text size="sm">Free cancellation until {formatDateTime(data.cancel_until)}.</Text>
              ) : (
                <Alert color="orange" title="No free cancellation" c="dark.8">
                  This class starts within {data.cancel_window_hours}{' '}
                  {data.cancel_window_hours === 1 ? 'hour' : 'hours'}. Once booked, cancelling it frees the
                  seat but its credits will not come back.
                </Alert>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {data.already_booked ? 'Close' : 'Cancel'}
            </Button>
            {!data.already_booked && data.balance_after < 0 && (
              <Button variant="default" onClick={onBuyTokens}>
                Buy tokens
              </Button>
            )}
            {!data.already_booked && (
              <Button loading={booking.isPending} onClick={() => booking.mutate()}>
                Confirm booking
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}

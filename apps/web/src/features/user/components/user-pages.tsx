import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEETING_LINK_LEAD_MINUTES, type UserBooking } from '@tokenly/contract/bookings';
import { useState } from 'react';
import { Link } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { PendingBookingBanner } from '../../booking/components/pending-booking-banner';
import { bookingIcsUrl, cancelBooking, creditSummaryQuery, userBookingsQuery } from '../api/bookings';

const linkOpen = (booking: UserBooking, now: number) =>
  booking.status === 'booked' &&
  booking.schedule.meeting_link !== null &&
  now >= Date.parse(booking.starts_at) - MEETING_LINK_LEAD_MINUTES * 60_000;

export function UserDashboardPage() {
  const summary = useQuery(creditSummaryQuery());
  const upcoming = useQuery(userBookingsQuery(1, 'upcoming'));
  const now = Date.now();
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <PendingBookingBanner />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text c="dimmed">Token balance</Text>
          <Text fz={32} fw={700} data-testid="token-balance">
            {summary.data?.balance ?? '…'}
          </Text>
          <Button component={Link} to={ROUTES.payment} mt="sm" w="fit-content">
            Buy tokens
          </Button>
        </Card>
        <Card withBorder>
          <Text c="dimmed">Next expiry</Text>
          <Text fw={700} mt={8}>
            {summary.data?.next_expiry
              ? `${summary.data.next_expiry.credits} on ${formatDate(summary.data.next_expiry.expires_at)}`
              : 'No tokens to expire'}
          </Text>
          <Button component={Link} to={ROUTES.home} variant="default" mt="sm" w="fit-content">
            Book a class
          </Button>
        </Card>
      </SimpleGrid>
      <Title order={2} size="h3">
        Upcoming Classes
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Teacher</Table.Th>
              <Table.Th>Link</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upcoming.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>No data</Table.Td>
              </Table.Tr>
            )}
            {upcoming.data?.data.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.schedule.title}</Table.Td>
                <Table.Td>{formatDateTime(b.starts_at)}</Table.Td>
                <Table.Td>{b.schedule.teacher_name ?? '—'}</Table.Td>
                <Table.Td>
                  {linkOpen(b, now) && b.schedule.meeting_link ? (
                    <Anchor href={b.schedule.meeting_link} target="_blank" rel="noopener noreferrer">
                      Click
                    </Anchor>
                  ) : (
                    `From ${MEETING_LINK_LEAD_MINUTES} min before`
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function UserScheduleListPage() {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const list = useQuery(userBookingsQuery(page));
  const cancel = useMutation({
    mutationFn: cancelBooking,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries();
      dialog.success(result.message);
    },
    onError: (error) => dialog.error(errorMessage(error)),
  });
  const now = Date.now();

  const confirmCancel = (booking: UserBooking) =>
    modals.openConfirmModal({
      title: 'Cancel this booking?',
      children: (
        <Text>
          {booking.schedule.title} on {formatDateTime(booking.starts_at)}. Your {booking.number_token}{' '}
          {booking.number_token === 1 ? 'credit goes' : 'credits go'} back to your balance.
        </Text>
      ),
      labels: { confirm: 'Cancel booking', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(booking.id),
    });

  return (
    <Stack>
      <Title order={1}>Class Booking List</Title>
      <PendingBookingBanner />
      <Table.ScrollContainer minWidth={900}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Course</Table.Th>
              <Table.Th>Course Title</Table.Th>
              <Table.Th>Date/Time</Table.Th>
              <Table.Th>Token Used</Table.Th>
              <Table.Th>Meeting Link</Table.Th>
              <Table.Th>Booking Date</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>No data</Table.Td>
              </Table.Tr>
            )}
            {list.data?.data.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.course.course_title ?? 'Untitled Class'}</Table.Td>
                <Table.Td>{b.schedule.title}</Table.Td>
                <Table.Td>{formatDateTime(b.starts_at)}</Table.Td>
                <Table.Td>{b.number_token}</Table.Td>
                <Table.Td>
                  {linkOpen(b, now) && b.schedule.meeting_link ? (
                    <Anchor href={b.schedule.meeting_link} target="_blank" rel="noopener noreferrer">
                      Click
                    </Anchor>
                  ) : null}
                </Table.Td>
                <Table.Td>{formatDate(b.created_at)}</Table.Td>
                <Table.Td>
                  {b.status === 'cancelled' ? (
                    <Text size="sm" c="dimmed">
                      Cancelled
                    </Text>
                  ) : (
                    <Stack gap={4}>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={!b.cancellable}
                          aria-describedby={`cancel-until-${b.id}`}
                          onClick={() => confirmCancel(b)}
                        >
                          Cancel
                        </Button>
                        <Button size="xs" variant="default" component="a" href={bookingIcsUrl(b.id)} download>
                          Add to calendar
                        </Button>
                      </Group>
                      {/* Visible text, not a tooltip: a disabled button takes neither hover nor focus. */}
                      <Text id={`cancel-until-${b.id}`} size="xs" c="dimmed">
                        {b.cancellable
                          ? `Free cancellation until ${formatDateTime(b.cancel_until)}`
                          : `Too late to cancel: the window closed ${formatDateTime(b.cancel_until)}`}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager page={page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
    </Stack>
  );
}

export function UserTokenListPage() {
  return (
    <PlaceholderPage title="Tokens" description="Your tokens and their expiry dates will be listed here.">
      <Group>
        <Button component={Link} to={ROUTES.payment}>
          Buy tokens
        </Button>
      </Group>
    </PlaceholderPage>
  );
}

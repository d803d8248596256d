import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserBooking } from '@tokenly/contract/bookings';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatDateTime } from '../../../lib/format';
import { PendingBookingBanner } from '../../booking/components/pending-booking-banner';
import { WaitlistPlaces } from '../../booking/components/waitlist-places';
import { useCancelBooking } from '../../booking/hooks/use-cancel-booking';
import {
  attendanceCountsQuery,
  bookingIcsUrl,
  creditSummaryQuery,
  schoolQuery,
  userBookingsQuery,
} from '../api/bookings';

/** The server gives the link only once it opens (SPEC.md: from the school's lead time before the start). */
function MeetingLink({ booking, closed }: { booking: UserBooking; closed: string }) {
  return booking.schedule.meeting_link ? (
    <Anchor href={booking.schedule.meeting_link} target="_blank" rel="noopener noreferrer">
      Click
    </Anchor>
  ) : (
    closed
  );
}

const upcomingColumns = (leadMinutes: number | undefined): Column<UserBooking>[] => [
  { header: 'Title', cell: (b) => b.schedule.title },
  { header: 'Time', cell: (b) => formatDateTime(b.starts_at) },
  { header: 'Teacher', cell: (b) => b.schedule.teacher_name ?? '—' },
  {
    header: 'Link',
    cell: (b) => (
      <MeetingLink booking={b} closed={leadMinutes === undefined ? '' : `From ${leadMinutes} min before`} />
    ),
  },
];

/** Issue 13: a late cancel kept its credits, unless the school gave them back. */
function cancelledLabel(booking: UserBooking): string {
  if (!booking.late_cancel) return 'Cancelled';
  return booking.waived ? 'Cancelled late · credits given back' : 'Cancelled late · credits kept';
}

function cancelNote(booking: UserBooking): string {
  if (booking.free_cancellation) return `Free cancellation until ${formatDateTime(booking.cancel_until)}`;
  if (booking.cancellable)
    return `Free cancellation ended ${formatDateTime(booking.cancel_until)}: cancelling now keeps the credits`;
  return 'The class has started';
}

function BookingActions({ booking, onCancel }: { booking: UserBooking; onCancel: () => void }) {
  if (booking.status === 'cancelled') {
    return (
      <Text size="sm" c="dimmed">
        {cancelledLabel(booking)}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          size="xs"
          color="red.9"
          // Outlined, not light: on a hovered row the light tint over the row's grey left red text below
          // 4.5:1 (axe color-contrast); disabled keeps its grey.
          variant="outline"
          disabled={!booking.cancellable}
          aria-describedby={`cancel-until-${booking.id}`}
          onClick={onCancel}
        >
          Cancel
        </Button>
        <Button size="xs" variant="default" component="a" href={bookingIcsUrl(booking.id)} download>
          Add to calendar
        </Button>
      </Group>
      {/* Visible text, not a tooltip: a disabled button takes neither hover nor focus. */}
      <Text id={`cancel-until-${booking.id}`} size="xs" c="dimmed">
        {cancelNote(booking)}
      </Text>
    </Stack>
  );
}

const bookingColumns = (onCancel: (booking: UserBooking) => void): Column<UserBooking>[] => [
  { header: 'Course', cell: (b) => b.course.course_title ?? 'Untitled Class' },
  { header: 'Course Title', cell: (b) => b.schedule.title },
  { header: 'Teacher', cell: (b) => b.schedule.teacher_name ?? '—' },
  { header: 'Date/Time', cell: (b) => formatDateTime(b.starts_at) },
  { header: 'Token Used', cell: (b) => b.number_token },
  { header: 'Meeting Link', cell: (b) => <MeetingLink booking={b} closed="" /> },
  { header: 'Booking Date', cell: (b) => formatDate(b.created_at) },
  { header: 'Actions', cell: (b) => <BookingActions booking={b} onCancel={() => onCancel(b)} /> },
];

export function UserDashboardPage() {
  const summary = useQuery(creditSummaryQuery());
  const upcoming = useQuery(userBookingsQuery(1, 'upcoming'));
  const school = useQuery(schoolQuery());
  const attendance = useQuery(attendanceCountsQuery());
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <PendingBookingBanner />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
          <Text fw={700} mt={8} data-testid="next-expiry">
            {summary.data?.next_expiry
              ? `${summary.data.next_expiry.credits} ${summary.data.next_expiry.credits === 1 ? 'credit expires' : 'credits expire'} on ${formatDate(summary.data.next_expiry.expires_at)}`
              : 'No tokens to expire'}
          </Text>
          <Group gap="sm" mt="sm">
            <Button component={Link} to={ROUTES.userTokenList} variant="default">
              See my credits
            </Button>
            <Button component={Link} to={ROUTES.timetable} variant="default">
              Book a class
            </Button>
          </Group>
        </Card>
        <Card withBorder>
          <Text c="dimmed">My attendance</Text>
          <Text fw={700} mt={8} data-testid="attendance-counts">
            {attendance.data
              ? `${attendance.data.attended} attended · ${attendance.data.no_show} no-show · ${attendance.data.late_cancel} late cancel${attendance.data.late_cancel === 1 ? '' : 's'}`
              : '…'}
          </Text>
          <Text size="sm" c="dimmed" mt="sm">
            As your teachers recorded it after each class, and the classes you cancelled after free
            cancellation had ended.
          </Text>
        </Card>
      </SimpleGrid>
      <Title order={2} size="h3">
        Upcoming Classes
      </Title>
      <QueryState query={upcoming} what="your upcoming classes">
        {(page) => (
          <DataTable
            rows={page.data}
            columns={upcomingColumns(school.data?.meeting_link_lead_minutes)}
            what="Upcoming Classes"
            minWidth={560}
          />
        )}
      </QueryState>
    </Stack>
  );
}

export function UserScheduleListPage() {
  const [page, setPage] = useState(1);
  const list = useQuery(userBookingsQuery(page));
  const { confirmCancel } = useCancelBooking();
  const onCancel = (booking: UserBooking) =>
    confirmCancel({
      id: booking.id,
      title: booking.schedule.title,
      starts_at: booking.starts_at,
      credits: booking.number_token,
      free_cancellation: booking.free_cancellation,
      cancel_until: booking.cancel_until,
    });

  return (
    <Stack>
      <Title order={1}>Class Booking List</Title>
      <PendingBookingBanner />
      <WaitlistPlaces />
      <QueryState query={list} what="your bookings">
        {(bookings) => (
          <DataTable
            rows={bookings.data}
            columns={bookingColumns(onCancel)}
            what="Class Booking List"
            minWidth={900}
          />
        )}
      </QueryState>
      <Pager page={page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
    </Stack>
  );
}

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
import { useT } from '../../../lib/i18n';
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

type Translate = ReturnType<typeof useT>;

/** The server gives the link only once it opens (SPEC.md: from the school's lead time before the start). */
function MeetingLink({ booking, closed }: { booking: UserBooking; closed: string }) {
  const t = useT();
  return booking.schedule.meeting_link ? (
    <Anchor href={booking.schedule.meeting_link} target="_blank" rel="noopener noreferrer">
      {t('learner.bookings.click')}
    </Anchor>
  ) : (
    closed
  );
}

const upcomingColumns = (t: Translate, leadMinutes: number | undefined): Column<UserBooking>[] => [
  { header: t('learner.upcoming.title'), cell: (b) => b.schedule.title },
  { header: t('learner.upcoming.time'), cell: (b) => formatDateTime(b.starts_at) },
  { header: t('learner.bookings.teacher'), cell: (b) => b.schedule.teacher_name ?? '—' },
  {
    header: t('learner.upcoming.link'),
    cell: (b) => (
      <MeetingLink
        booking={b}
        closed={leadMinutes === undefined ? '' : t('learner.upcoming.linkFrom', { minutes: leadMinutes })}
      />
    ),
  },
];

/** Issue 13: a late cancel kept its credits, unless the school gave them back. */
function cancelledLabel(t: Translate, booking: UserBooking): string {
  if (!booking.late_cancel) return t('learner.bookings.cancelled');
  return booking.waived ? t('learner.bookings.cancelledLateWaived') : t('learner.bookings.cancelledLate');
}

function cancelNote(t: Translate, booking: UserBooking): string {
  const until = formatDateTime(booking.cancel_until);
  if (booking.free_cancellation) return t('learner.bookings.freeUntil', { until });
  if (booking.cancellable) return t('learner.bookings.freeEnded', { until });
  return t('learner.bookings.started');
}

function BookingActions({ booking, onCancel }: { booking: UserBooking; onCancel: () => void }) {
  const t = useT();
  if (booking.status === 'cancelled') {
    return (
      <Text size="sm" c="dimmed">
        {cancelledLabel(t, booking)}
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
          {t('learner.bookings.cancel')}
        </Button>
        <Button size="xs" variant="default" component="a" href={bookingIcsUrl(booking.id)} download>
          {t('learner.bookings.addToCalendar')}
        </Button>
      </Group>
      {/* Visible text, not a tooltip: a disabled button takes neither hover nor focus. */}
      <Text id={`cancel-until-${booking.id}`} size="xs" c="dimmed">
        {cancelNote(t, booking)}
      </Text>
    </Stack>
  );
}

const bookingColumns = (t: Translate, onCancel: (booking: UserBooking) => void): Column<UserBooking>[] => [
  {
    header: t('learner.bookings.course'),
    cell: (b) => b.course.course_title ?? t('learner.bookings.untitled'),
  },
  { header: t('learner.bookings.courseTitle'), cell: (b) => b.schedule.title },
  { header: t('learner.bookings.teacher'), cell: (b) => b.schedule.teacher_name ?? '—' },
  { header: t('learner.bookings.dateTime'), cell: (b) => formatDateTime(b.starts_at) },
  { header: t('learner.bookings.tokens'), cell: (b) => b.number_token },
  { header: t('learner.bookings.meetingLink'), cell: (b) => <MeetingLink booking={b} closed="" /> },
  { header: t('learner.bookings.bookedOn'), cell: (b) => formatDate(b.created_at) },
  {
    header: t('learner.bookings.actions'),
    cell: (b) => <BookingActions booking={b} onCancel={() => onCancel(b)} />,
  },
];

export function UserDashboardPage() {
  const t = useT();
  const summary = useQuery(creditSummaryQuery());
  const upcoming = useQuery(userBookingsQuery(1, 'upcoming'));
  const school = useQuery(schoolQuery());
  const attendance = useQuery(attendanceCountsQuery());
  return (
    <Stack>
      <Title order={1}>{t('common.nav.dashboard')}</Title>
      <PendingBookingBanner />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text c="dimmed">{t('learner.dashboard.balance')}</Text>
          <Text fz={32} fw={700} data-testid="token-balance">
            {summary.data?.balance ?? '…'}
          </Text>
          <Button component={Link} to={ROUTES.payment} mt="sm" w="fit-content">
            {t('credits.buy')}
          </Button>
        </Card>
        <Card withBorder>
          <Text c="dimmed">{t('learner.dashboard.nextExpiry')}</Text>
          <Text fw={700} mt={8} data-testid="next-expiry">
            {summary.data?.next_expiry
              ? t('learner.dashboard.expires', {
                  count: summary.data.next_expiry.credits,
                  date: formatDate(summary.data.next_expiry.expires_at),
                })
              : t('learner.dashboard.noExpiry')}
          </Text>
          <Group gap="sm" mt="sm">
            <Button component={Link} to={ROUTES.userTokenList} variant="default">
              {t('learner.dashboard.seeCredits')}
            </Button>
            <Button component={Link} to={ROUTES.timetable} variant="default">
              {t('learner.dashboard.bookClass')}
            </Button>
          </Group>
        </Card>
        <Card withBorder>
          <Text c="dimmed">{t('learner.dashboard.attendance')}</Text>
          <Text fw={700} mt={8} data-testid="attendance-counts">
            {attendance.data
              ? t('learner.dashboard.attendanceCounts', {
                  attended: attendance.data.attended,
                  noShow: attendance.data.no_show,
                  lateCancel: attendance.data.late_cancel,
                })
              : '…'}
          </Text>
          <Text size="sm" c="dimmed" mt="sm">
            {t('learner.dashboard.attendanceNote')}
          </Text>
        </Card>
      </SimpleGrid>
      <Title order={2} size="h3">
        {t('learner.upcoming.heading')}
      </Title>
      <QueryState query={upcoming} what={t('learner.upcoming.what')}>
        {(page) => (
          <DataTable
            rows={page.data}
            columns={upcomingColumns(t, school.data?.meeting_link_lead_minutes)}
            what={t('learner.upcoming.heading')}
            minWidth={560}
          />
        )}
      </QueryState>
    </Stack>
  );
}

export function UserScheduleListPage() {
  const t = useT();
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
      <Title order={1}>{t('learner.bookings.heading')}</Title>
      <PendingBookingBanner />
      <WaitlistPlaces />
      <QueryState query={list} what={t('learner.bookings.what')}>
        {(bookings) => (
          <DataTable
            rows={bookings.data}
            columns={bookingColumns(t, onCancel)}
            what={t('learner.bookings.heading')}
            minWidth={900}
          />
        )}
      </QueryState>
      <Pager page={page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
    </Stack>
  );
}

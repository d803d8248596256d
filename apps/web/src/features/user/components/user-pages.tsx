import { Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_LIST_FILTERS, type BookingListFilter, type UserBooking } from '@tokenly/contract/bookings';
import type { MessageKey } from '@tokenly/i18n/keys';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { schoolQuery } from '../../../lib/school-query';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import { userClubPassQuery } from '../../booking/api/get-user-club-pass';
import { PendingBookingBanner } from '../../booking/components/pending-booking-banner';
import { WaitlistPlaces } from '../../booking/components/waitlist-places';
import { useCancelBooking, windowHours } from '../../booking/hooks/use-cancel-booking';
import { JoinButton } from '../../classroom/components/join-button';
import { membershipTokensQueryOptions } from '../../membership/api/get-membership-tokens';
import { clubPlanOf } from '../../membership/utils/plans';
import { progressQuery } from '../../progress/api/progress';
import { attendanceCountsQuery, bookingIcsUrl, creditSummaryQuery, userBookingsQuery } from '../api/bookings';

type Translate = ReturnType<typeof useT>;

/**
 * The server gives the link only once it opens (SPEC.md: from the school's lead time before the start);
 * Join then opens the room through the server, which records that the learner joined.
 */
function MeetingLink({ booking, closed }: { booking: UserBooking; closed: string }) {
  const t = useT();
  return booking.schedule.meeting_link ? (
    <JoinButton
      classId={booking.schedule_id}
      label={t('learner.bookings.joinClass')}
      aria-label={t('learner.bookings.joinNamed', { title: booking.schedule.title })}
    />
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

/** A late cancel kept its credits, unless the school gave them back. */
function cancelledLabel(t: Translate, booking: UserBooking): string {
  if (!booking.late_cancel) return t('learner.bookings.cancelled');
  return booking.waived ? t('learner.bookings.cancelledLateWaived') : t('learner.bookings.cancelledLate');
}

function cancelNote(t: Translate, booking: UserBooking): string {
  const until = formatDateTime(booking.cancel_until);
  // Free past the window: the school changed the class after it was booked.
  if (
    booking.free_cancellation &&
    booking.changed_at !== null &&
    Date.parse(booking.cancel_until) <= Date.now()
  )
    return t('learner.bookings.freeAfterChange');
  if (booking.free_cancellation) return t('learner.bookings.freeUntil', { until });
  if (!booking.cancellable) return t('learner.bookings.started');
  // Booked after free cancellation had ended: a date before the booking would read as a mistake.
  if (booking.booked_inside_window)
    return t('learner.bookings.bookedInside', { hours: windowHours(booking) });
  return t('learner.bookings.freeEnded', { until });
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
  {
    header: t('learner.bookings.dateTime'),
    cell: (b) => (
      <Group gap={6} wrap="wrap">
        {formatDateTime(b.starts_at)}
        {/* The school changed the class after it was booked (and mailed the learner what changed). */}
        {b.changed_at !== null && b.status === 'booked' ? (
          <Badge color="orange.9" variant="outline" size="sm">
            {t('learner.bookings.changed')}
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { header: t('learner.bookings.tokens'), cell: (b) => b.number_token },
  { header: t('learner.bookings.meetingLink'), cell: (b) => <MeetingLink booking={b} closed="" /> },
  { header: t('learner.bookings.bookedOn'), cell: (b) => formatDate(b.created_at) },
  {
    header: t('learner.bookings.actions'),
    cell: (b) => <BookingActions booking={b} onCancel={() => onCancel(b)} />,
  },
];

/** The Club pass's days left, or the way to one: the club plan's checkout (the plans page when none is on sale). */
function ClubPassCard() {
  const t = useT();
  const mine = useQuery(userClubPassQuery());
  const pass = mine.data?.pass;
  const running = pass?.active === true;
  const plans = useQuery({ ...membershipTokensQueryOptions(), enabled: mine.isSuccess && !running });
  const plan = clubPlanOf(plans.data ?? []);
  return (
    <Card withBorder>
      <Text c="dimmed">{t('learner.dashboard.clubPass')}</Text>
      <Text fw={700} mt={8} data-testid="club-pass-days">
        {!mine.data
          ? '…'
          : pass && running
            ? t('credits.club.daysLeft', { count: pass.days_left })
            : t('learner.dashboard.noClubPass')}
      </Text>
      {pass && running ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('learner.dashboard.clubUntil', { date: formatDate(pass.until) })}
        </Text>
      ) : mine.data ? (
        <Button
          component={Link}
          to={plan ? ROUTES.selectPayment(plan.id) : ROUTES.membership}
          variant="default"
          mt="sm"
          w="fit-content"
        >
          {t('booking.club.getPass')}
        </Button>
      ) : null}
    </Card>
  );
}

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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
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
        <ClubPassCard />
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

const TAB_KEYS = {
  upcoming: 'learner.bookings.tab.upcoming',
  past: 'learner.bookings.tab.past',
  cancelled: 'learner.bookings.tab.cancelled',
} as const satisfies Record<BookingListFilter, MessageKey>;

const isFilter = (value: string | null): value is BookingListFilter =>
  (BOOKING_LIST_FILTERS as readonly (string | null)[]).includes(value);

/** One tab's bookings, a page at a time; each tab keeps its own page. */
function BookingTab({ when }: { when: BookingListFilter }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const list = useQuery(userBookingsQuery(page, when));
  // A past class may carry the teacher's note; the Progress page lists them all.
  const progress = useQuery({ ...progressQuery(), enabled: when === 'past' });
  const notes = new Map(progress.data?.notes.map((note) => [note.booking_id, note]));
  const noteColumn: Column<UserBooking> = {
    header: t('learner.bookings.note'),
    cell: (b) => {
      const note = notes.get(b.id);
      if (!note) return '—';
      return (
        <Stack gap={2}>
          {note.went_well && <Text size="sm">{`${t('learner.progress.wentWell')}: ${note.went_well}`}</Text>}
          {note.work_on && <Text size="sm">{`${t('learner.progress.workOn')}: ${note.work_on}`}</Text>}
        </Stack>
      );
    },
  };
  const { confirmCancel } = useCancelBooking();
  const onCancel = (booking: UserBooking) =>
    confirmCancel({
      id: booking.id,
      title: booking.schedule.title,
      starts_at: booking.starts_at,
      credits: booking.number_token,
      free_cancellation: booking.free_cancellation,
      cancel_until: booking.cancel_until,
      booked_inside_window: booking.booked_inside_window,
    });
  return (
    <Stack>
      <QueryState query={list} what={t('learner.bookings.what')}>
        {(bookings) => (
          <DataTable
            rows={bookings.data}
            columns={
              when === 'past' ? [...bookingColumns(t, onCancel), noteColumn] : bookingColumns(t, onCancel)
            }
            what={t(TAB_KEYS[when])}
            minWidth={900}
          />
        )}
      </QueryState>
      <Pager page={page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
    </Stack>
  );
}

/**
 * The learner's bookings by class time, in tabs: Upcoming (the default: the class about to start
 * first), Past and Cancelled. The tab lives in the URL, so Back and a shared link keep it.
 */
export function UserScheduleListPage() {
  const t = useT();
  const [params, updateParams] = useSearchParamsUpdate();
  const tab = params.get('tab');
  const when: BookingListFilter = isFilter(tab) ? tab : 'upcoming';
  const choose = (value: string | null) =>
    updateParams(
      (next) => {
        if (value && value !== 'upcoming') next.set('tab', value);
        else next.delete('tab');
      },
      { replace: true },
    );

  return (
    <Stack>
      <Title order={1}>{t('learner.bookings.heading')}</Title>
      <PendingBookingBanner />
      <WaitlistPlaces />
      <Tabs value={when} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('learner.bookings.tabs')} mb="md">
          {BOOKING_LIST_FILTERS.map((filter) => (
            <Tabs.Tab key={filter} value={filter}>
              {t(TAB_KEYS[filter])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BOOKING_LIST_FILTERS.map((filter) => (
          <Tabs.Panel key={filter} value={filter}>
            <BookingTab when={filter} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

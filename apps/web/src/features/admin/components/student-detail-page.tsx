import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LEVELS } from '@tokenly/contract/constants';
import type { Payment } from '@tokenly/contract/payments';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_RECORD_LABELS,
  type AttendanceRecord,
} from '@tokenly/contract/teachers';
import type { StudentBooking } from '@tokenly/contract/users';
import { useParams } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { RowDangerButton } from '../../../components/ui/row-danger-button';
import { formatDate, formatDateTime, formatUsd } from '../../../lib/format';
import { LedgerTable } from '../../credits/components/ledger-table';
import { StudentLevelSection } from '../../levels/components/student-level-section';
import { StudentProgressSection } from '../../progress/components/student-progress-section';
import { useUserCredits } from '../api/credits';
import { useRemoveBooking, useStudent } from '../api/users';
import { paymentStatusWords } from '../utils/payment-status';
import { AccountAccess } from './account-access';
import { AdminPage } from './admin-page';
import { ClubPassSection } from './club-pass-section';
import { CreditAdjustmentForm } from './credit-adjustment-form';
import { ReferralsSection } from './referrals-section';
import { WaiveBooking } from './waive-booking';

/** Removing a booking refunds it and gives the seat to the class's waitlist (server side), so it asks first. */
function RemoveBookingButton({ booking }: { booking: StudentBooking }) {
  const remove = useRemoveBooking(booking.id);
  if (booking.status !== 'booked' || new Date(booking.schedule_time) <= new Date()) return null;
  const removeBooking = () =>
    remove.mutate(
      {},
      {
        onSuccess: () => dialog.success('Booking removed; the credits were returned.'),
        onError: (error) => dialog.failure(error, removeBooking),
      },
    );
  return (
    <RowDangerButton
      loading={remove.isPending}
      aria-label={`Remove the booking of ${booking.title}`}
      onClick={() =>
        dialog.confirm({
          title: 'Remove this booking?',
          message: `${booking.title} on ${formatDateTime(booking.schedule_time)}. The ${booking.credits} credit(s) go back to the learner and the seat to the first eligible learner on the waitlist.`,
          confirmLabel: 'Remove booking',
          onConfirm: removeBooking,
        })
      }
    >
      Remove
    </RowDangerButton>
  );
}

const BOOKING_COLUMNS: Column<StudentBooking>[] = [
  {
    header: 'Class',
    cell: (row) => (
      <Text fw={600} size="sm">
        {row.title}
      </Text>
    ),
  },
  { header: 'Type', cell: (row) => row.course_title },
  { header: 'Time', cell: (row) => formatDateTime(row.schedule_time) },
  { header: 'Credits', cell: (row) => row.credits },
  {
    header: 'Status',
    cell: (row) => (
      <Badge color={row.status === 'booked' ? 'teal.9' : 'gray.8'} variant="filled">
        {row.status === 'booked' ? 'Booked' : 'Cancelled'}
      </Badge>
    ),
  },
  {
    header: 'Attendance',
    cell: (row) => (row.attendance ? ATTENDANCE_LABELS[row.attendance] : '—'),
  },
  { header: 'Actions', cell: (row) => <RemoveBookingButton booking={row} /> },
];

type AttendanceRow = AttendanceRecord & { id: number };
const ATTENDANCE_COLUMNS: Column<AttendanceRow>[] = [
  { header: 'Class', cell: (row) => row.title },
  { header: 'Time', cell: (row) => formatDateTime(row.starts_at) },
  { header: 'Teacher', cell: (row) => row.teacher_name ?? '—' },
  { header: 'Attendance', cell: (row) => ATTENDANCE_RECORD_LABELS[row.status] },
  {
    header: 'Recorded',
    cell: (row) => {
      if (row.cancelled_at) return `Cancelled by the learner, ${formatDateTime(row.cancelled_at)}`;
      return row.marked_at ? `${row.marked_by ?? 'Unknown'}, ${formatDateTime(row.marked_at)}` : '—';
    },
  },
  { header: 'Credits', cell: (row) => row.credits },
  { header: 'Actions', cell: (row) => <WaiveBooking record={row} /> },
];

const PAYMENT_COLUMNS: Column<Payment>[] = [
  { header: 'Plan', cell: (row) => row.token_plan.token_title },
  { header: 'Token', cell: (row) => row.number_token },
  { header: 'Amount', cell: (row) => formatUsd(row.amount) },
  { header: 'Membership', cell: (row) => (row.membership === 1 ? 'Yes' : 'No') },
  { header: 'Status', cell: (row) => paymentStatusWords(row) },
  { header: 'Date', cell: (row) => formatDate(row.created_at) },
];

/** A learner's page (from Students, Edit): details, balance and credit adjustment, bookings, payments. */
export function AdminStudentPage() {
  const id = useParams().id ?? '';
  const student = useStudent(id);
  const credits = useUserCredits(id);
  return (
    <AdminPage title="Student">
      <QueryState query={student} what="the learner">
        {({ user, bookings, payments, attendance }) => (
          <Stack gap="xl">
            <Panel>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
                <LabelledValue label="Name">{user.name}</LabelledValue>
                <LabelledValue label="Email">{user.email}</LabelledValue>
                <LabelledValue label="English level">
                  {LEVELS.find((level) => level.value === user.level)?.label ?? 'Not given'}
                </LabelledValue>
                <LabelledValue label="Joined">{formatDate(user.created_at)}</LabelledValue>
                <LabelledValue label="Email verified">
                  {user.email_verified_at ? `Yes, ${formatDate(user.email_verified_at)}` : 'Not yet'}
                </LabelledValue>
              </SimpleGrid>
            </Panel>
            <AccountAccess user={user} />

            <Stack gap="sm">
              <Title order={2} fz="xl">
                Credits
              </Title>
              <QueryState query={credits} what="the credits">
                {(summary) => (
                  <Stack gap="md">
                    <Panel>
                      <Stack gap="md">
                        <Group gap="xl">
                          <LabelledValue label="Balance">
                            <Text span fz={28} fw={700} data-testid="credit-balance">
                              {summary.balance}
                            </Text>
                          </LabelledValue>
                          {summary.next_expiry && (
                            <LabelledValue label="Next expiry">
                              {summary.next_expiry.credits} on{' '}
                              {formatDateTime(summary.next_expiry.expires_at)}
                            </LabelledValue>
                          )}
                        </Group>
                        <CreditAdjustmentForm userId={id} />
                      </Stack>
                    </Panel>
                    <LedgerTable rows={summary.ledger} />
                  </Stack>
                )}
              </QueryState>
            </Stack>

            <StudentLevelSection userId={id} />

            <ClubPassSection userId={id} />

            <ReferralsSection userId={id} />

            <Stack gap="sm">
              <Title order={2} fz="xl">
                Bookings
              </Title>
              <DataTable rows={bookings} columns={BOOKING_COLUMNS} what="Bookings" />
            </Stack>

            <Stack gap="sm">
              <Title order={2} fz="xl">
                Attendance
              </Title>
              <Group gap="xl">
                <LabelledValue label="Attended">
                  <Text span fw={700} data-testid="attended-count">
                    {attendance.attended}
                  </Text>
                </LabelledValue>
                <LabelledValue label="No-show">
                  <Text span fw={700} data-testid="no-show-count">
                    {attendance.no_show}
                  </Text>
                </LabelledValue>
                <LabelledValue label="Late cancel">
                  <Text span fw={700} data-testid="late-cancel-count">
                    {attendance.late_cancel}
                  </Text>
                </LabelledValue>
              </Group>
              <DataTable
                rows={attendance.history.map((row) => ({ ...row, id: row.booking_id }))}
                columns={ATTENDANCE_COLUMNS}
                what="Attendance history"
              />
            </Stack>

            <StudentProgressSection userId={user.id} />

            <Stack gap="sm">
              <Title order={2} fz="xl">
                Payments
              </Title>
              <DataTable rows={payments} columns={PAYMENT_COLUMNS} what="Payments" />
            </Stack>
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}

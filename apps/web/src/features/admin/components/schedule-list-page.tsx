import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Schedule } from '@tokenly/contract/schedules';
import type { Column } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useCancelSchedule, useSchedulePage } from '../api/schedules';
import { AdminPage } from './admin-page';
import { ColorSwatchDot } from './color-swatch';
import { editColumn } from './list-columns';
import { PagedTable } from './paged-table';

function ExternalLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return <Text c="dimmed">—</Text>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      Open
    </Anchor>
  );
}

/** Cancelling refunds every booking on the class (server side), so it asks first. */
function CancelClassButton({ schedule }: { schedule: Schedule }) {
  const cancel = useCancelSchedule(schedule.id);
  if (schedule.status === 'cancelled') return null;
  const seats = schedule.seats_taken;
  const cancelClass = () =>
    cancel.mutate(
      {},
      {
        onSuccess: ({ data }) =>
          dialog.success(`Class cancelled; ${data.refunded_bookings} booking(s) refunded.`),
        onError: (error) => dialog.failure(error, cancelClass),
      },
    );
  const onClick = () =>
    dialog.confirm({
      title: 'Cancel this class?',
      message: `${schedule.title} on ${formatDateTime(schedule.schedule_time)}. ${
        seats === 0
          ? 'Nobody has booked it yet.'
          : `All ${seats} booking${seats === 1 ? '' : 's'} will be cancelled and refunded.`
      }`,
      confirmLabel: 'Cancel class',
      onConfirm: cancelClass,
    });
  return (
    <Button
      variant="subtle"
      color="red"
      c="red.9"
      size="compact-sm"
      onClick={onClick}
      loading={cancel.isPending}
      aria-label={`Cancel ${schedule.title}`}
    >
      Cancel
    </Button>
  );
}

const COLUMNS: Column<Schedule>[] = [
  {
    header: 'Type',
    cell: (row) => (
      <Group gap="xs" wrap="nowrap">
        <ColorSwatchDot color={row.course.course_color} />
        <Text size="sm">{row.course.course_title}</Text>
      </Group>
    ),
  },
  {
    header: 'Title',
    cell: (row) => (
      <Stack gap={2}>
        <Text fw={600} size="sm">
          {row.title}
        </Text>
        {row.teacher_name && (
          <Text size="xs" c="dimmed">
            {row.teacher_name}
          </Text>
        )}
        {row.status === 'cancelled' && (
          <Badge color="red.9" variant="filled" size="sm">
            Cancelled
          </Badge>
        )}
      </Stack>
    ),
  },
  { header: 'Time', cell: (row) => <Text size="sm">{formatDateTime(row.schedule_time)}</Text> },
  { header: 'No of Users', cell: (row) => `${row.seats_taken}/${row.no_of_users}` },
  { header: 'Waitlist', cell: (row) => String(row.waitlist_count) },
  {
    header: 'Meeting Link',
    cell: (row) => <ExternalLink href={row.meeting_link} label={`Open meeting link of ${row.title}`} />,
  },
  {
    header: 'Meeting Host Link',
    cell: (row) => <ExternalLink href={row.meeting_start} label={`Open host link of ${row.title}`} />,
  },
  editColumn(
    (row) => ROUTES.adminScheduleEdit(row.id),
    (row) => row.title,
  ),
  { header: 'Cancel', cell: (row) => <CancelClassButton schedule={row} /> },
];

/** SPEC.md "Schedule list". */
export function AdminScheduleListPage() {
  return (
    <AdminPage
      title="Schedule Class List"
      action={{ label: 'Add Schedule Class', to: ROUTES.adminScheduleAdd }}
    >
      <PagedTable usePage={useSchedulePage} what="Scheduled classes" columns={COLUMNS} minWidth={900} />
    </AdminPage>
  );
}

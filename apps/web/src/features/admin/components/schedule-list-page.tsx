import { Anchor, Badge, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { Schedule } from '@tokenly/contract/schedules';
import type { Column } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { RowDangerButton } from '../../../components/ui/row-danger-button';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useActiveCourses } from '../api/courses';
import { useCancelSchedule, useSchedulePage, useSeriesList } from '../api/schedules';
import { useTeacherOptions } from '../api/teachers';
import { useFilterParams } from '../hooks/use-filter-params';
import { AdminPage } from './admin-page';
import { ColorSwatchDot } from './color-swatch';
import { FilterForm } from './filter-form';
import { editColumn, viewColumn } from './list-columns';
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
    cancel.mutate(undefined, {
      onSuccess: ({ data }) =>
        dialog.success(`Class cancelled; ${data.refunded_bookings} booking(s) refunded.`),
      onError: (error) => dialog.failure(error, cancelClass),
    });
  const onClick = () =>
    dialog.confirm({
      title: 'Cancel this class?',
      message: `${schedule.title} on ${formatDateTime(schedule.schedule_time)}. ${
        seats === 0
          ? 'Nobody has booked it yet.'
          : seats === 1
            ? 'Its one booking will be cancelled and its credits given back.'
            : `All ${seats} bookings will be cancelled and their credits given back.`
      }`,
      confirmLabel: 'Cancel class',
      onConfirm: cancelClass,
    });
  return (
    <RowDangerButton onClick={onClick} loading={cancel.isPending} aria-label={`Cancel ${schedule.title}`}>
      Cancel
    </RowDangerButton>
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
        {row.series_id !== null && (
          <Badge color="blue" variant="light" size="sm">
            Weekly series
          </Badge>
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
  viewColumn(
    (row) => ROUTES.adminScheduleView(row.id),
    (row) => row.title,
  ),
  editColumn(
    (row) => ROUTES.adminScheduleEdit(row.id),
    (row) => row.title,
  ),
  { header: 'Cancel', cell: (row) => <CancelClassButton schedule={row} /> },
];

const FILTER_KEYS = ['course_id', 'teacher_id', 'series_id', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** Kept in the URL like the payments' filters; days are the school's. */
function ScheduleFilters({ filters, apply }: { filters: Filters; apply: (next: Filters) => void }) {
  const courses = useActiveCourses();
  const teachers = useTeacherOptions();
  const series = useSeriesList();
  const options = <T,>(all: string, items: T[] | undefined, option: (item: T) => [number, string]) => [
    { value: '', label: all },
    ...(items ?? []).map((item) => {
      const [value, label] = option(item);
      return { value: String(value), label };
    }),
  ];
  return (
    <FilterForm label="Filter classes" filters={filters} apply={apply} columns={5}>
      {(field) => (
        <>
          <NativeSelect
            label="Type"
            data={options('All types', courses.data, (course) => [course.id, course.course_title])}
            {...field('course_id')}
          />
          <NativeSelect
            label="Teacher"
            data={options('All teachers', teachers.data, (teacher) => [teacher.id, teacher.name])}
            {...field('teacher_id')}
          />
          <NativeSelect
            label="Series"
            data={options('All classes', series.data?.series, (item) => [
              item.id,
              `${item.title} (${item.start_time})`,
            ])}
            {...field('series_id')}
          />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
        </>
      )}
    </FilterForm>
  );
}

function useFilteredSchedulePage(page: number) {
  const [filters] = useFilterParams(FILTER_KEYS);
  return useSchedulePage(page, filters);
}

/** SPEC.md "Schedule list", with filters and the series a class belongs to. */
export function AdminScheduleListPage() {
  const [filters, setFilters] = useFilterParams(FILTER_KEYS);
  return (
    <AdminPage
      title="Schedule Class List"
      action={{ label: 'Add Schedule Class', to: ROUTES.adminScheduleAdd }}
    >
      <Stack gap="md">
        <ScheduleFilters key={JSON.stringify(filters)} filters={filters} apply={setFilters} />
        <PagedTable
          usePage={useFilteredSchedulePage}
          what="Scheduled classes"
          columns={COLUMNS}
          minWidth={900}
        />
      </Stack>
    </AdminPage>
  );
}

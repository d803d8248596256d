import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminClassRoster, AdminRosterEntry } from '@tokenly/contract/class-roster';
import { LEVELS } from '@tokenly/contract/constants';
import type { Schedule } from '@tokenly/contract/schedules';
import { ATTENDANCE_LABELS } from '@tokenly/contract/teachers';
import { Link, useParams } from 'react-router';
import { ClassMessageButton } from '../../../components/ui/class-message-form';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { HomeworkTasks } from '../../homework/components/homework-tasks';
import { MaterialsManager } from '../../materials/components/materials-manager';
import { adminClassNotesQuery, useSaveAdminClassNote } from '../../progress/api/progress';
import { ClassNotes } from '../../progress/components/class-notes';
import { rosterCsvUrl, useMessageClass, useSchedule, useScheduleRoster } from '../api/schedules';
import { AdminPage } from './admin-page';
import { ColorSwatchDot } from './color-swatch';
import { RosterActions } from './roster-actions';
import { RosterAddForm } from './roster-add-form';
import { ScheduleWaitlist } from './schedule-waitlist';

// The address is the link's name: its label beside it says which link it is (WCAG 2.5.3, label in name).
function WebLink({ href }: { href: string | null }) {
  if (!href) return 'Not set';
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </Anchor>
  );
}

/** What became of a booking, in words: booked, cancelled (by whom it can tell), or a late cancel. */
function stateOf(entry: AdminRosterEntry): string {
  if (entry.status === 'booked') return entry.credits === 0 ? 'Booked (free place)' : 'Booked';
  return entry.late_cancel ? 'Late cancel' : 'Cancelled';
}

function rosterColumns(
  roster: AdminClassRoster,
  scheduleId: number,
): Column<AdminRosterEntry & { id: number }>[] {
  return [
    {
      header: 'Learner',
      cell: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={ROUTES.adminStudent(row.user_id)} fw={600}>
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.email}
          </Text>
        </Stack>
      ),
    },
    { header: 'Level', cell: (row) => LEVELS.find((level) => level.value === row.level)?.label ?? '—' },
    { header: 'Booked', cell: (row) => formatDateTime(row.booked_at, roster.time_zone) },
    { header: 'Credits', cell: (row) => String(row.credits) },
    {
      header: 'State',
      cell: (row) => (
        <Badge color={row.status === 'booked' ? 'teal.9' : 'gray.8'} variant="filled">
          {stateOf(row)}
        </Badge>
      ),
    },
    {
      header: 'Attendance',
      cell: (row) =>
        row.attendance
          ? `${ATTENDANCE_LABELS[row.attendance]}${row.waived ? ' (credits given back)' : ''}`
          : 'Not marked',
    },
    { header: 'Actions', cell: (row) => <RosterActions entry={row} scheduleId={scheduleId} /> },
  ];
}

function ClassDetails({ schedule, roster }: { schedule: Schedule; roster: AdminClassRoster }) {
  return (
    <Panel>
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={schedule.status === 'cancelled' ? 'red.9' : 'teal.9'} variant="filled">
            {schedule.status === 'cancelled' ? 'Cancelled' : 'Scheduled'}
          </Badge>
          {roster.changed_at && (
            <Badge color="orange.9" variant="filled">
              {`Changed ${formatDateTime(roster.changed_at, roster.time_zone)}`}
            </Badge>
          )}
          {schedule.series_id !== null && (
            <Badge color="blue" variant="light">
              Weekly series
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <LabelledValue label="Type">
            <Group component="span" gap="xs" wrap="nowrap">
              <ColorSwatchDot color={schedule.course.course_color} />
              {schedule.course.course_title}
            </Group>
          </LabelledValue>
          <LabelledValue label="Time (the school's zone)">
            {formatDateTime(schedule.schedule_time, roster.time_zone)}
          </LabelledValue>
          <LabelledValue label="Teacher">{schedule.teacher_name ?? 'No teacher'}</LabelledValue>
          <LabelledValue label="Seats">{`${schedule.seats_taken} of ${schedule.no_of_users} taken`}</LabelledValue>
          <LabelledValue label="Credits a booking takes">{String(schedule.number_token)}</LabelledValue>
          <LabelledValue label="Waitlist">{`${schedule.waitlist_count} waiting`}</LabelledValue>
          <LabelledValue label="Meeting link">
            <WebLink href={schedule.meeting_link} />
          </LabelledValue>
          <LabelledValue label="Host link">
            <WebLink href={schedule.meeting_start} />
          </LabelledValue>
        </SimpleGrid>
      </Stack>
    </Panel>
  );
}

/**
 * The class screen: the class, who is on it and who waits, and what the school does to them: add a
 * learner, remove or move one, message everyone booked. Edit opens the form.
 */
/** The administrator writes the same notes as the class's teacher, once the class has started. */
function AdminClassNotes({ scheduleId, learners }: { scheduleId: string; learners: AdminRosterEntry[] }) {
  const notes = useQuery(adminClassNotesQuery(scheduleId));
  const save = useSaveAdminClassNote(scheduleId);
  return <ClassNotes learners={learners} notes={notes} save={save.mutateAsync} />;
}

export function AdminScheduleViewPage() {
  const id = useParams().id ?? '';
  const schedule = useSchedule(id);
  const roster = useScheduleRoster(id);
  const message = useMessageClass(id);
  return (
    <AdminPage title={schedule.data?.title ?? 'Class'}>
      <QueryState query={schedule} what="the class">
        {(details) => (
          <QueryState query={roster} what="the roster">
            {(data) => {
              const booked = data.roster.filter((row) => row.status === 'booked').length;
              const open = details.status === 'scheduled' && Date.parse(details.schedule_time) > Date.now();
              return (
                <Stack gap="lg">
                  <ClassDetails schedule={details} roster={data} />
                  <Group gap="sm" wrap="wrap">
                    <Button component={Link} to={ROUTES.adminScheduleEdit(details.id)} variant="default">
                      Edit class
                    </Button>
                    <ClassMessageButton send={message.mutateAsync} disabled={booked === 0} />
                    <Button component="a" href={rosterCsvUrl(id)} download variant="outline">
                      Download roster (CSV)
                    </Button>
                  </Group>
                  <Stack gap="xs">
                    <Title order={2} fz="xl">
                      Roster
                    </Title>
                    <Text size="sm" c="dimmed">
                      {`${booked} booked. Every booking, cancelled ones too, in the order they were made; attendance as the teacher marked it.`}
                    </Text>
                    <DataTable
                      rows={data.roster.map((row) => ({ ...row, id: row.booking_id }))}
                      columns={rosterColumns(data, details.id)}
                      what="Roster"
                      minWidth={760}
                    />
                  </Stack>
                  {details.status === 'scheduled' && !open && booked > 0 && (
                    <AdminClassNotes
                      scheduleId={id}
                      learners={data.roster.filter((row) => row.status === 'booked')}
                    />
                  )}
                  <HomeworkTasks
                    classId={id}
                    zone={data.time_zone}
                    learners={booked}
                    canSet={details.status === 'scheduled'}
                  />
                  {open && (
                    <RosterAddForm
                      scheduleId={id}
                      credits={details.number_token}
                      full={details.seats_taken >= details.no_of_users}
                    />
                  )}
                </Stack>
              );
            }}
          </QueryState>
        )}
      </QueryState>
      <ScheduleWaitlist scheduleId={id} />
      {schedule.data && <MaterialsManager target="class" targetId={schedule.data.id} />}
    </AdminPage>
  );
}

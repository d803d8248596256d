import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LEVELS } from '@tokenly/contract/constants';
import {
  ATTENDANCE_EDIT_HOURS,
  ATTENDANCE_LABELS,
  type AttendanceStatus,
  type RosterEntry,
  type TeacherClass,
  type TeacherClassDetails,
} from '@tokenly/contract/teachers';
import { Link, useParams } from 'react-router';
import { ClassMessageButton } from '../../../components/ui/class-message-form';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDateTime, viewerTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { JoinButton } from '../../classroom/components/join-button';
import { HomeworkTasks } from '../../homework/components/homework-tasks';
import { LevelSuggestionForm } from '../../levels/components/level-suggestion-form';
import { MaterialsManager } from '../../materials/components/materials-manager';
import { ClassNotes } from '../../progress/components/class-notes';
import {
  teacherClassesQuery,
  teacherClassNotesQuery,
  teacherClassQuery,
  useMarkAttendance,
  useMessageClass,
  useSaveClassNote,
} from '../api/teacher-classes';

/** A teacher sees times in the zone of their Settings, else the browser's; the zone is named. */
function useTeacherZone(): string {
  return useSession().userData?.timezone ?? viewerTimeZone();
}

function classColumns(zone: string): Column<TeacherClass>[] {
  return [
    {
      header: 'Class',
      cell: (row) => (
        <Anchor component={Link} to={ROUTES.teacherClass(row.id)} fw={600}>
          {row.title}
        </Anchor>
      ),
    },
    { header: 'Type', cell: (row) => row.course_title },
    { header: 'Starts', cell: (row) => formatDateTime(row.starts_at, zone) },
    { header: 'Learners', cell: (row) => `${row.seats_taken} of ${row.no_of_users}` },
    {
      header: 'Status',
      cell: (row) =>
        row.status === 'cancelled' ? (
          <Badge color="gray.8" variant="filled">
            Cancelled
          </Badge>
        ) : (
          <Badge color="teal.9" variant="filled">
            On
          </Badge>
        ),
    },
  ];
}

export function TeacherDashboardPage() {
  usePageTitle('My classes');
  const zone = useTeacherZone();
  const classes = useQuery(teacherClassesQuery());
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>My classes</Title>
        <Text c="dimmed">Times in {zone}; change your time zone in Settings.</Text>
      </div>
      <QueryState query={classes} what="your classes">
        {(data) => (
          <Stack gap="lg">
            <Title order={2} size="h3">
              Upcoming classes
            </Title>
            <DataTable rows={data.upcoming} columns={classColumns(zone)} what="Upcoming classes" />
            <Title order={2} size="h3">
              Recent classes
            </Title>
            <Text size="sm" c="dimmed">
              Mark attendance from the start of a class until {ATTENDANCE_EDIT_HOURS} hours after its end.
            </Text>
            <DataTable rows={data.recent} columns={classColumns(zone)} what="Recent classes" />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

type RosterRow = RosterEntry & { id: number };

function AttendanceButtons({
  entry,
  classId,
  open,
  zone,
}: {
  entry: RosterEntry;
  classId: string;
  open: boolean;
  zone: string;
}) {
  const mark = useMarkAttendance(classId);
  const choose = async (status: AttendanceStatus) => {
    try {
      await mark.mutateAsync({ booking_id: entry.booking_id, status });
    } catch (error) {
      dialog.failure(error, () => void choose(status));
    }
  };
  // Pre-filled from the room: a learner who joined shows as attended until the teacher confirms or corrects it.
  const suggested = entry.attendance === null && entry.joined_at !== null ? 'attended' : null;
  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label={`Attendance of ${entry.name}`}>
        {(['attended', 'no_show'] as const).map((status) => (
          <Button
            key={status}
            size="xs"
            variant={entry.attendance === status ? 'filled' : suggested === status ? 'light' : 'default'}
            aria-pressed={entry.attendance === status}
            disabled={!open || mark.isPending}
            onClick={() => void choose(status)}
          >
            {ATTENDANCE_LABELS[status]}
          </Button>
        ))}
      </Group>
      {suggested && (
        <Text size="xs" c="dimmed">
          {`Joined at ${formatDateTime(entry.joined_at ?? '', zone)}: press Attended to confirm.`}
        </Text>
      )}
    </Stack>
  );
}

function rosterColumns(details: TeacherClassDetails, classId: string, zone: string): Column<RosterRow>[] {
  const started = Date.parse(details.starts_at) <= Date.now();
  return [
    { header: 'Learner', cell: (row) => <Text fw={600}>{row.name}</Text> },
    {
      header: 'Level',
      cell: (row) => LEVELS.find((level) => level.value === row.level)?.label ?? '—',
    },
    { header: 'Booked', cell: (row) => formatDateTime(row.booked_at, zone) },
    {
      header: 'Attendance',
      cell: (row) =>
        started ? (
          <AttendanceButtons entry={row} classId={classId} open={details.attendance_open} zone={zone} />
        ) : (
          <Text size="sm" c="dimmed">
            After the start
          </Text>
        ),
    },
  ];
}

function TeacherClassNotes({ classId, roster }: { classId: string; roster: RosterEntry[] }) {
  const notes = useQuery(teacherClassNotesQuery(classId));
  const save = useSaveClassNote(classId);
  return (
    <ClassNotes
      learners={roster}
      notes={notes}
      save={save.mutateAsync}
      more={(learner) => <LevelSuggestionForm classId={classId} learner={learner} />}
    />
  );
}

export function TeacherClassPage() {
  const id = useParams().id ?? '';
  const zone = useTeacherZone();
  const found = useQuery(teacherClassQuery(id));
  const message = useMessageClass(id);
  usePageTitle(found.data?.title ?? 'Class');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ROUTES.teacherDashboard} size="sm">
        Back to my classes
      </Anchor>
      <QueryState query={found} what="the class">
        {(details) => (
          <Stack gap="lg">
            <Title order={1}>{details.title}</Title>
            <Panel>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <LabelledValue label="Type">{details.course_title}</LabelledValue>
                <LabelledValue label="Starts">{formatDateTime(details.starts_at, zone)}</LabelledValue>
                <LabelledValue label="Ends">{formatDateTime(details.ends_at, zone)}</LabelledValue>
                <LabelledValue label="Learners">
                  {`${details.seats_taken} of ${details.no_of_users}`}
                </LabelledValue>
                <LabelledValue label="Status">
                  {details.status === 'cancelled' ? 'Cancelled' : 'On'}
                </LabelledValue>
                <LabelledValue label="Video room">
                  {(details.meeting_start ?? details.meeting_link) && details.status === 'scheduled' ? (
                    <JoinButton classId={id} label="Start the meeting" />
                  ) : (
                    'Not set yet'
                  )}
                </LabelledValue>
              </SimpleGrid>
            </Panel>
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h3">
                Roster
              </Title>
              <ClassMessageButton send={message.mutateAsync} disabled={details.roster.length === 0} />
            </Group>
            <Text size="sm" c="dimmed">
              {details.attendance_open
                ? `Attendance can be changed until ${formatDateTime(details.attendance_until, zone)}.`
                : Date.parse(details.starts_at) > Date.now()
                  ? 'Attendance can be marked once the class has started.'
                  : `Attendance closed ${formatDateTime(details.attendance_until, zone)}.`}
            </Text>
            <DataTable
              rows={details.roster.map((entry) => ({ ...entry, id: entry.booking_id }))}
              columns={rosterColumns(details, id, zone)}
              what="Roster"
            />
            {details.status === 'scheduled' &&
              Date.parse(details.starts_at) <= Date.now() &&
              details.roster.length > 0 && <TeacherClassNotes classId={id} roster={details.roster} />}
            <HomeworkTasks
              classId={id}
              zone={zone}
              learners={details.roster.length}
              canSet={details.status === 'scheduled'}
            />
            <MaterialsManager target="class" targetId={Number(id)} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

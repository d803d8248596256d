import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LEVELS } from '@tokenly/contract/constants';
import { type ClassNote, NOTE_MAX_LENGTH } from '@tokenly/contract/progress';
import {
  ATTENDANCE_EDIT_HOURS,
  ATTENDANCE_LABELS,
  type AttendanceStatus,
  type RosterEntry,
  type TeacherClass,
  type TeacherClassDetails,
} from '@tokenly/contract/teachers';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ClassMessageButton } from '../../../components/ui/class-message-form';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDateTime, viewerTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
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

function AttendanceButtons({ entry, classId, open }: { entry: RosterEntry; classId: string; open: boolean }) {
  const mark = useMarkAttendance(classId);
  const choose = async (status: AttendanceStatus) => {
    try {
      await mark.mutateAsync({ booking_id: entry.booking_id, status });
    } catch (error) {
      dialog.failure(error, () => void choose(status));
    }
  };
  return (
    <Group gap="xs" role="group" aria-label={`Attendance of ${entry.name}`}>
      {(['attended', 'no_show'] as const).map((status) => (
        <Button
          key={status}
          size="xs"
          variant={entry.attendance === status ? 'filled' : 'default'}
          aria-pressed={entry.attendance === status}
          disabled={!open || mark.isPending}
          onClick={() => void choose(status)}
        >
          {ATTENDANCE_LABELS[status]}
        </Button>
      ))}
    </Group>
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
          <AttendanceButtons entry={row} classId={classId} open={details.attendance_open} />
        ) : (
          <Text size="sm" c="dimmed">
            After the start
          </Text>
        ),
    },
  ];
}

function NoteForm({ entry, note, classId }: { entry: RosterEntry; note?: ClassNote; classId: string }) {
  const save = useSaveClassNote(classId);
  const [wentWell, setWentWell] = useState(note?.went_well ?? '');
  const [workOn, setWorkOn] = useState(note?.work_on ?? '');
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await save.mutateAsync({ booking_id: entry.booking_id, went_well: wentWell, work_on: workOn });
      dialog.saved(`Note on ${entry.name} saved.`);
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={`Note on ${entry.name}`}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {entry.name}
        </Title>
        <Textarea
          label={`What went well for ${entry.name}`}
          value={wentWell}
          onChange={(e) => setWentWell(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={NOTE_MAX_LENGTH}
        />
        <Textarea
          label={`What ${entry.name} should work on`}
          value={workOn}
          onChange={(e) => setWorkOn(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={NOTE_MAX_LENGTH}
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {note ? `Last saved by ${note.author_name}.` : 'Not written yet.'}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {`Save the note on ${entry.name}`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** After the start, a note on each learner booked: the learner reads it on their Progress page. */
function ClassNotes({ classId, roster }: { classId: string; roster: RosterEntry[] }) {
  const notes = useQuery(teacherClassNotesQuery(classId));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Notes for learners
      </Title>
      <Text size="sm" c="dimmed">
        What went well and what to work on: each learner reads their own note on their Progress page.
      </Text>
      <QueryState query={notes} what="the notes">
        {(data) => (
          <Stack gap="sm">
            {roster.map((entry) => (
              <NoteForm
                key={entry.booking_id}
                entry={entry}
                note={data.find((note) => note.booking_id === entry.booking_id)}
                classId={classId}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
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
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
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
                <LabelledValue label="Host link">
                  {details.meeting_start ? (
                    <Anchor href={details.meeting_start} target="_blank" rel="noopener noreferrer">
                      Start the meeting
                    </Anchor>
                  ) : (
                    'Not set yet'
                  )}
                </LabelledValue>
              </SimpleGrid>
            </Paper>
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
              details.roster.length > 0 && <ClassNotes classId={id} roster={details.roster} />}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

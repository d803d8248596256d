import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useActiveCourses } from '../api/courses';
import {
  rosterCsvUrl,
  useSchedule,
  useScheduleChangePreview,
  useUpdateFollowing,
  useUpdateSchedule,
} from '../api/schedules';
import { AdminPage } from './admin-page';
import { ScheduleForm } from './schedule-form';
import { ScheduleWaitlist } from './schedule-waitlist';
import { SeriesPanel } from './series-panel';

export function AdminScheduleEditPage() {
  const id = useParams().id ?? '';
  const schedule = useSchedule(id);
  const courses = useActiveCourses();
  const update = useUpdateSchedule(id);
  const updateFollowing = useUpdateFollowing(id);
  const preview = useScheduleChangePreview(id);
  return (
    <AdminPage title="Edit Schedule Class">
      <QueryState query={schedule} what="the class">
        {(data) => (
          <QueryState query={courses} what="the class types">
            {(types) => (
              <ScheduleForm
                key={data.id}
                schedule={data}
                courses={types}
                save={update.mutateAsync}
                saveFollowing={data.series_id === null ? undefined : updateFollowing.mutateAsync}
                previewChange={preview.mutateAsync}
              />
            )}
          </QueryState>
        )}
      </QueryState>
      <Stack gap="xs">
        <Title order={2} fz="xl">
          Roster
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Everyone who booked this class, cancelled bookings included: name, email, level, when.
          </Text>
          <Button component="a" href={rosterCsvUrl(id)} download variant="outline">
            Download roster (CSV)
          </Button>
        </Group>
      </Stack>
      {schedule.data && <SeriesPanel schedule={schedule.data} />}
      <ScheduleWaitlist scheduleId={id} />
    </AdminPage>
  );
}

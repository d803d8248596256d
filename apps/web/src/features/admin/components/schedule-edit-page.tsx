import { useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useActiveCourses } from '../api/courses';
import { useSchedule, useUpdateSchedule } from '../api/schedules';
import { AdminPage } from './admin-page';
import { ScheduleForm } from './schedule-form';
import { ScheduleWaitlist } from './schedule-waitlist';

export function AdminScheduleEditPage() {
  const id = useParams().id ?? '';
  const schedule = useSchedule(id);
  const courses = useActiveCourses();
  const update = useUpdateSchedule(id);
  return (
    <AdminPage title="Edit Schedule Class">
      <QueryState query={schedule} what="the class">
        {(data) => (
          <QueryState query={courses} what="the class types">
            {(types) => (
              <ScheduleForm key={data.id} schedule={data} courses={types} save={update.mutateAsync} />
            )}
          </QueryState>
        )}
      </QueryState>
      <ScheduleWaitlist scheduleId={id} />
    </AdminPage>
  );
}

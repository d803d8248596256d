import { QueryState } from '../../../components/ui/query-state';
import { useActiveCourses } from '../api/courses';
import { useCreateSchedule } from '../api/schedules';
import { AdminPage } from './admin-page';
import { ScheduleForm } from './schedule-form';

export function AdminScheduleAddPage() {
  const courses = useActiveCourses();
  const create = useCreateSchedule();
  return (
    <AdminPage title="Add Schedule Class">
      <QueryState query={courses} what="the class types">
        {(types) => <ScheduleForm courses={types} save={create.mutateAsync} />}
      </QueryState>
    </AdminPage>
  );
}

import { QueryState } from '../../../components/ui/query-state';
import { useActiveCourses } from '../api/courses';
import { useCreateSchedule, useCreateSeries, useSeriesList } from '../api/schedules';
import { AdminPage } from './admin-page';
import { ScheduleForm } from './schedule-form';

export function AdminScheduleAddPage() {
  const courses = useActiveCourses();
  const create = useCreateSchedule();
  const createSeries = useCreateSeries();
  // The school's zone, in which a weekly series keeps its start time.
  const series = useSeriesList();
  return (
    <AdminPage title="Add Schedule Class">
      <QueryState query={courses} what="the class types">
        {(types) => (
          <ScheduleForm
            courses={types}
            save={create.mutateAsync}
            saveSeries={
              series.data ? { timeZone: series.data.time_zone, save: createSeries.mutateAsync } : undefined
            }
          />
        )}
      </QueryState>
    </AdminPage>
  );
}

import { QueryState } from '../../../components/ui/query-state';
import { useActiveCourses } from '../api/courses';
import { useCreateSchedule, useCreateSeries, useSeriesList } from '../api/schedules';
import { AdminPage } from './admin-page';
import { ScheduleForm } from './schedule-form';

export function AdminScheduleAddPage() {
  const courses = useActiveCourses();
  const create = useCreateSchedule();
  const createSeries = useCreateSeries();
  // The school's zone, in which a weekly series keeps its start time (issue 13).
  const series = useSeriesList();
  return (
    <AdminPage title="Add Schedule Class">
      {/* Both before the form: drawn before the series came, it lost the type an admin had already
          chosen once they arrived (the admin e2e walk, on a slow machine). */}
      <QueryState query={courses} what="the class types">
        {(types) => (
          <QueryState query={series} what="the school's weekly series">
            {({ time_zone }) => (
              <ScheduleForm
                courses={types}
                save={create.mutateAsync}
                saveSeries={{ timeZone: time_zone, save: createSeries.mutateAsync }}
              />
            )}
          </QueryState>
        )}
      </QueryState>
    </AdminPage>
  );
}

import { useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { MaterialsManager } from '../../materials/components/materials-manager';
import { useCourse, useUpdateCourse } from '../api/courses';
import { AdminPage } from './admin-page';
import { ClassForm } from './class-form';

export function AdminClassEditPage() {
  const id = useParams().id ?? '';
  const course = useCourse(id);
  const update = useUpdateCourse(id);
  return (
    <AdminPage title="Edit Type">
      <QueryState query={course} what="the class type">
        {(data) => (
          <>
            <ClassForm entry={data} save={update.mutateAsync} />
            <MaterialsManager target="course" targetId={data.id} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}

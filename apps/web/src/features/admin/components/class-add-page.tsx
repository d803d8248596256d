import { useCreateCourse } from '../api/courses';
import { AdminPage } from './admin-page';
import { ClassForm } from './class-form';

export function AdminClassAddPage() {
  const create = useCreateCourse();
  return (
    <AdminPage title="Add Type">
      <ClassForm save={create.mutateAsync} />
    </AdminPage>
  );
}

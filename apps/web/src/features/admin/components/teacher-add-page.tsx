import { useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { useCreateTeacher } from '../api/teachers';
import { AdminPage } from './admin-page';
import { TeacherForm } from './teacher-form';

/** A new teacher is mailed a link to set their password. */
export function AdminTeacherAddPage() {
  const navigate = useNavigate();
  const create = useCreateTeacher();
  return (
    <AdminPage title="Add Teacher">
      <TeacherForm
        submitLabel="Add Teacher"
        save={async (body) => {
          await create.mutateAsync(body);
          dialog.saved('The teacher has been added and mailed an invitation to set a password.');
          navigate(ROUTES.adminTeacherList);
        }}
      />
    </AdminPage>
  );
}

import { Badge, Text } from '@mantine/core';
import type { Teacher } from '@tokenly/contract/teachers';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { useTeacherPage } from '../api/teachers';
import { AdminPage } from './admin-page';
import { editColumn } from './list-columns';
import { PagedTable } from './paged-table';

export function TeacherStatusBadge({ teacher }: { teacher: Teacher }) {
  // Filled and dark: the light variants' text fails contrast (axe color-contrast).
  if (teacher.disabled_at)
    return (
      <Badge color="gray.8" variant="filled">
        Disabled
      </Badge>
    );
  return teacher.has_password ? (
    <Badge color="teal.9" variant="filled">
      Active
    </Badge>
  ) : (
    <Badge color="blue.9" variant="filled">
      Invited
    </Badge>
  );
}

const COLUMNS: Column<Teacher>[] = [
  { header: 'Name', cell: (row) => <Text fw={600}>{row.name}</Text> },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Upcoming classes', cell: (row) => row.upcoming_classes },
  { header: 'Status', cell: (row) => <TeacherStatusBadge teacher={row} /> },
  editColumn(
    (row) => ROUTES.adminTeacherEdit(row.id),
    (row) => row.name,
  ),
];

/** The school's teachers. */
export function AdminTeacherListPage() {
  return (
    <AdminPage title="Teachers" action={{ label: 'Add Teacher', to: ROUTES.adminTeacherAdd }}>
      <PagedTable usePage={useTeacherPage} what="Teachers" columns={COLUMNS} minWidth={640} />
    </AdminPage>
  );
}

import { Anchor, Text } from '@mantine/core';
import type { User } from '@tokenly/contract/auth';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useStudentPage } from '../api/users';
import { AdminPage } from './admin-page';
import type { Column } from './data-table';
import { PagedTable } from './paged-table';

const COLUMNS: Column<User>[] = [
  { header: 'Name', cell: (row) => <Text fw={600}>{row.name}</Text> },
  { header: 'Email', cell: (row) => row.email },
  { header: 'User Role', cell: (row) => row.user_role },
  { header: 'Joined', cell: (row) => formatDate(row.created_at) },
  {
    header: 'Edit',
    cell: (row) => (
      <Anchor component={Link} to={ROUTES.adminStudent(row.id)} aria-label={`Edit ${row.name}`}>
        Edit
      </Anchor>
    ),
  },
];

/** SPEC.md "Admin student list"; Edit opens the learner's page (details, balance, credit adjustment). */
export function AdminStudentsListPage() {
  return (
    <AdminPage title="Students">
      <PagedTable usePage={useStudentPage} what="Students" columns={COLUMNS} />
    </AdminPage>
  );
}

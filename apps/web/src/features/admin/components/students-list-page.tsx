import { Button, Group, Stack, Text } from '@mantine/core';
import type { User } from '@tokenly/contract/auth';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { studentsCsvUrl, useStudentPage } from '../api/users';
import { AccountStatusBadge } from './account-access';
import { AdminPage } from './admin-page';
import { editColumn } from './list-columns';
import { PagedTable } from './paged-table';

const COLUMNS: Column<User>[] = [
  { header: 'Name', cell: (row) => <Text fw={600}>{row.name}</Text> },
  { header: 'Email', cell: (row) => row.email },
  { header: 'User Role', cell: (row) => row.user_role },
  { header: 'Status', cell: (row) => <AccountStatusBadge user={row} /> },
  { header: 'Joined', cell: (row) => formatDate(row.created_at) },
  editColumn(
    (row) => ROUTES.adminStudent(row.id),
    (row) => row.name,
  ),
];

/** SPEC.md "Admin student list"; Edit opens the learner's page (details, balance, credit adjustment). */
export function AdminStudentsListPage() {
  return (
    <AdminPage title="Students">
      <Stack gap="md">
        <Group justify="flex-end">
          <Button component="a" href={studentsCsvUrl()} download variant="outline">
            Download CSV
          </Button>
        </Group>
        <PagedTable usePage={useStudentPage} what="Students" columns={COLUMNS} />
      </Stack>
    </AdminPage>
  );
}

import { Text } from '@mantine/core';
import type { User } from '@tokenly/contract/auth';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useAdminPage } from '../api/users';
import { AccountStatusBadge } from './account-access';
import { AdminPage } from './admin-page';
import { editColumn } from './list-columns';
import { PagedTable } from './paged-table';

const COLUMNS: Column<User>[] = [
  { header: 'Name', cell: (row) => <Text fw={600}>{row.name}</Text> },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Role', cell: (row) => row.user_role },
  { header: 'Status', cell: (row) => <AccountStatusBadge user={row} /> },
  { header: 'Added', cell: (row) => formatDate(row.created_at) },
  editColumn(
    (row) => ROUTES.adminUserEdit(row.id),
    (row) => row.name,
  ),
];

/** SPEC.md "Admin user list". */
export function AdminUserListPage() {
  return (
    <AdminPage title="Admins" action={{ label: 'Add Admin', to: ROUTES.adminUserAdd }}>
      <PagedTable usePage={useAdminPage} what="Admins" columns={COLUMNS} minWidth={640} />
    </AdminPage>
  );
}

import { Text } from '@mantine/core';
import type { Payment } from '@tokenly/contract/payments';
import type { Column } from '../../../components/ui/data-table';
import { formatDate, formatUsd } from '../../../lib/format';
import { usePaymentPage } from '../api/payments';
import { AdminPage } from './admin-page';
import { PagedTable } from './paged-table';

// SPEC.md: subscription start and end are shown only for memberships.
const membershipDate = (row: Payment, value: string | null) =>
  row.membership === 1 && value ? formatDate(value) : '—';

const COLUMNS: Column<Payment>[] = [
  { header: 'User', cell: (row) => <Text fw={600}>{row.user.name}</Text> },
  { header: 'Plan', cell: (row) => row.token_plan.token_title },
  { header: 'Token', cell: (row) => row.number_token },
  { header: 'Amount', cell: (row) => formatUsd(row.amount) },
  { header: 'Membership', cell: (row) => (row.membership === 1 ? 'Yes' : 'No') },
  { header: 'Start', cell: (row) => membershipDate(row, row.start_date) },
  { header: 'End', cell: (row) => membershipDate(row, row.end_date) },
  { header: 'Date', cell: (row) => formatDate(row.created_at) },
];

/** SPEC.md "Admin payment list". */
export function AdminPaymentListPage() {
  return (
    <AdminPage title="Payments">
      <PagedTable usePage={usePaymentPage} what="Payments" columns={COLUMNS} minWidth={820} />
    </AdminPage>
  );
}

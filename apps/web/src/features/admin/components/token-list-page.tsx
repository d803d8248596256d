import { Text } from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatUsd } from '../../../lib/format';
import { useTokenPlanPage } from '../api/token-plans';
import { AdminPage } from './admin-page';
import { editColumn, StatusBadge } from './list-columns';
import { PagedTable } from './paged-table';

const COLUMNS: Column<TokenPlan>[] = [
  { header: 'Token Title', cell: (row) => <Text fw={600}>{row.token_title}</Text> },
  { header: 'Token Credit', cell: (row) => row.token_credit },
  { header: 'Token Expiry', cell: (row) => `${row.token_expiry} days` },
  { header: 'Price', cell: (row) => formatUsd(row.amount) },
  {
    header: 'Kind',
    cell: (row) =>
      row.kind === 'package'
        ? 'Package'
        : `${row.kind === 'club' ? 'Conversation Club' : 'Membership'} (${row.interval_months ?? 1} mo)`,
  },
  { header: 'Status', cell: (row) => <StatusBadge active={row.active} label="On sale" /> },
  editColumn(
    (row) => ROUTES.adminTokenEdit(row.id),
    (row) => row.token_title,
  ),
];

// SPEC.md heads this list 'Class Schedule List', a copy-paste defect: it lists token plans.
export function AdminTokenListPage() {
  return (
    <AdminPage title="Token Plans" action={{ label: 'Add Token Plan', to: ROUTES.adminTokenAdd }}>
      <PagedTable usePage={useTokenPlanPage} what="Token plans" columns={COLUMNS} minWidth={760} />
    </AdminPage>
  );
}

import { Stack, Text } from '@mantine/core';
import type { PromoCode } from '@tokenly/contract/promo-codes';
import { useParams } from 'react-router';
import type { Column } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { useCreatePromoCode, usePromoCode, usePromoCodePage, useUpdatePromoCode } from '../api/promo-codes';
import { AdminPage } from './admin-page';
import { editColumn, StatusBadge } from './list-columns';
import { PagedTable } from './paged-table';
import { PromoCodeForm } from './promo-code-form';

const limit = (value: number | null) => (value === null ? 'no limit' : String(value));

const COLUMNS: Column<PromoCode>[] = [
  {
    header: 'Code',
    cell: (row) => (
      <Stack gap={0}>
        <Text fw={600}>{row.code}</Text>
        {row.description ? <Text size="xs">{row.description}</Text> : null}
      </Stack>
    ),
  },
  {
    header: 'Discount',
    cell: (row) =>
      row.kind === 'percent' ? `${row.percent_off}% off` : `${formatUsd(row.amount_off ?? 0)} off`,
  },
  {
    header: 'Applies to',
    cell: (row) =>
      `${row.token_plan_ids.length === 0 ? 'Every package' : `${row.token_plan_ids.length} package(s)`}${
        row.first_purchase_only ? ', first purchase only' : ''
      }`,
  },
  {
    header: 'Valid',
    cell: (row) =>
      `${row.starts_at ? formatDateTime(row.starts_at) : 'now'} – ${row.ends_at ? formatDateTime(row.ends_at) : 'no end'}`,
  },
  {
    header: 'Uses (held)',
    cell: (row) =>
      `${row.uses} (${row.held}) of ${limit(row.max_uses)}; ${limit(row.max_uses_per_learner)} each`,
  },
  { header: 'Status', cell: (row) => <StatusBadge active={row.active} label="Active" /> },
  editColumn(
    (row) => ROUTES.adminPromoCodeEdit(row.id),
    (row) => row.code,
  ),
];

/** Beside the token plans: every promo code with its discount, limits and uses. */
export function AdminPromoCodeListPage() {
  return (
    <AdminPage title="Promo Codes" action={{ label: 'Add Promo Code', to: ROUTES.adminPromoCodeAdd }}>
      <PagedTable usePage={usePromoCodePage} what="Promo codes" columns={COLUMNS} minWidth={900} />
    </AdminPage>
  );
}

export function AdminPromoCodeAddPage() {
  const create = useCreatePromoCode();
  return (
    <AdminPage title="Add Promo Code">
      <PromoCodeForm save={create.mutateAsync} />
    </AdminPage>
  );
}

export function AdminPromoCodeEditPage() {
  const id = useParams().id ?? '';
  const code = usePromoCode(id);
  const update = useUpdatePromoCode(id);
  return (
    <AdminPage title="Edit Promo Code">
      <QueryState query={code} what="the promo code">
        {(data) => <PromoCodeForm entry={data} save={update.mutateAsync} />}
      </QueryState>
    </AdminPage>
  );
}

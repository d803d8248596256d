import { Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type AdminPaymentPage, PAYMENT_STATUSES, type Payment } from '@tokenly/contract/payments';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatUsd } from '../../../lib/format';
import { paymentsCsvUrl, usePaymentPage } from '../api/payments';
import { useTokenPlanPage } from '../api/token-plans';
import { useFilterParams } from '../hooks/use-filter-params';
import { PAYMENT_STATE_WORDS, paymentStatusWords } from '../utils/payment-status';
import { AdminPage } from './admin-page';
import { FilterForm } from './filter-form';
import { PagedTable } from './paged-table';
import { RefundPaymentButton, refundNote } from './refund-payment';

// SPEC.md: subscription start and end are shown only for memberships.
const membershipDate = (row: Payment, value: string | null) =>
  row.membership === 1 && value ? formatDate(value) : '—';

const COLUMNS: Column<Payment>[] = [
  {
    header: 'User',
    cell: (row) => (
      <Anchor component={Link} to={ROUTES.adminStudent(row.user.id)} fw={600}>
        {row.user.name}
      </Anchor>
    ),
  },
  { header: 'Plan', cell: (row) => row.token_plan.token_title },
  { header: 'Token', cell: (row) => row.number_token },
  {
    header: 'Amount',
    cell: (row) =>
      row.promo_code ? (
        <Stack gap={0}>
          <Text size="sm">{formatUsd(row.amount)}</Text>
          <Text size="xs" c="dimmed">
            {formatUsd(row.discount)} off with {row.promo_code}
          </Text>
        </Stack>
      ) : (
        formatUsd(row.amount)
      ),
  },
  { header: 'Membership', cell: (row) => (row.membership === 1 ? 'Yes' : 'No') },
  { header: 'Start', cell: (row) => membershipDate(row, row.start_date) },
  { header: 'End', cell: (row) => membershipDate(row, row.end_date) },
  {
    header: 'Status',
    cell: (row) => {
      // A failed payment says why, in the provider's words.
      const note = row.failure_reason ?? refundNote(row);
      return (
        <Stack gap={0}>
          <Text size="sm">{paymentStatusWords(row)}</Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
      );
    },
  },
  { header: 'Date', cell: (row) => formatDate(row.created_at) },
  {
    header: 'Invoice',
    cell: (row) =>
      row.invoice ? (
        <Anchor component={Link} to={ROUTES.adminInvoice(row.invoice.id)}>
          {row.invoice.number}
        </Anchor>
      ) : null,
  },
  { header: 'Refund', cell: (row) => <RefundPaymentButton payment={row} /> },
];

// user_id comes from links (a search result, a student's page), not from the form.
const FILTER_KEYS = ['from', 'to', 'plan_id', 'kind', 'status', 'student', 'user_id'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

// Native selects: the phone's own picker, and a label that names exactly one control.
const KIND_OPTIONS = [
  { value: '', label: 'Any kind' },
  { value: 'package', label: 'Package' },
  { value: 'membership', label: 'Membership' },
  { value: 'club', label: 'Conversation Club' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATE_WORDS[status] })),
];

/** The accountant's filters. */
function PaymentFilters({ filters, apply }: { filters: Filters; apply: (next: Filters) => void }) {
  const plans = useTokenPlanPage(1);
  const planOptions = [
    { value: '', label: 'Any plan' },
    ...(plans.data?.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.token_title })),
  ];
  return (
    <FilterForm label="Filter payments" filters={filters} apply={apply} columns={3}>
      {(field) => (
        <>
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
          <TextInput label="Student" description="Part of a name or an email" {...field('student')} />
          <NativeSelect label="Plan" data={planOptions} {...field('plan_id')} />
          <NativeSelect label="Kind" data={KIND_OPTIONS} {...field('kind')} />
          <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} />
        </>
      )}
    </FilterForm>
  );
}

function Total({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text>
      <Text span c="dimmed" size="sm">
        {label}{' '}
      </Text>
      <Text span fw={700}>
        {children}
      </Text>
    </Text>
  );
}

function Totals({ page, filters }: { page: AdminPaymentPage; filters: Filters }) {
  const { totals } = page;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="xl" role="group" aria-label="Totals of the filtered payments">
        <Total label="Payments">{totals.count}</Total>
        <Total label="Gross">{formatUsd(totals.gross)}</Total>
        <Total label="Refunded">{formatUsd(totals.refunded)}</Total>
        <Total label="Net">{formatUsd(totals.net)}</Total>
      </Group>
      <Button component="a" href={paymentsCsvUrl(filters)} download variant="outline">
        Download CSV
      </Button>
    </Group>
  );
}

/** The page of payments the URL's filters select. */
function useFilteredPaymentPage(page: number) {
  const [filters] = useFilterParams(FILTER_KEYS);
  return usePaymentPage(page, filters);
}

/** SPEC.md "Admin payment list", with the accountant's filters, totals, student links and CSV export. */
export function AdminPaymentListPage() {
  const [filters, setFilters] = useFilterParams(FILTER_KEYS);
  return (
    <AdminPage title="Payments">
      <Stack gap="md">
        <PaymentFilters key={JSON.stringify(filters)} filters={filters} apply={setFilters} />
        <PagedTable
          usePage={useFilteredPaymentPage}
          what="Payments"
          columns={COLUMNS}
          minWidth={1000}
          summary={(page) => <Totals page={page} filters={filters} />}
        />
      </Stack>
    </AdminPage>
  );
}

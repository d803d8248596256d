import { Anchor, Badge, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UserPayment } from '@tokenly/contract/checkout';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Pager } from '../../../components/ui/pager';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatUsd } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useUserPayments } from '../api/get-user-payments';
import { PAYMENT_STATUS_LABELS, refundLine } from '../utils/payment-status';
import { SubscriptionList } from './subscription-list';

// SPEC.md "User 'Payment List'" (Token Type, Payment Id, Number of Token, Amount, Membership), with the
// date, the status and a receipt (issue 18). Payment Id is our readable reference, not the provider's id.
const COLUMNS: Column<UserPayment>[] = [
  { header: 'Date', cell: (payment) => formatDate(payment.created_at) },
  { header: 'Token Type', cell: (payment) => payment.token_plan.token_title },
  { header: 'Payment Id', cell: (payment) => payment.reference },
  { header: 'Number of Token', cell: (payment) => payment.number_token },
  {
    header: 'Amount',
    cell: (payment) => (
      <>
        {formatUsd(payment.amount)}{' '}
        <Text span size="xs" c="dimmed">
          (VAT included)
        </Text>
      </>
    ),
  },
  // SPEC.md: 'Subscription' when the flag equals 1.
  {
    header: 'Membership',
    cell: (payment) => (payment.membership === 1 ? 'Subscription' : 'Not Subscription'),
  },
  {
    header: 'Status',
    cell: (payment) => {
      const refund = refundLine(payment);
      return (
        <Stack gap={2} align="flex-start">
          <Badge variant="filled" color={payment.status === 'succeeded' ? 'teal.9' : 'gray.7'} tt="none">
            {PAYMENT_STATUS_LABELS[payment.status]}
          </Badge>
          {refund && <Text size="xs">{refund}</Text>}
        </Stack>
      );
    },
  },
  {
    header: 'Receipt',
    cell: (payment) => (
      <Anchor component={Link} to={ROUTES.userPaymentReceipt(payment.id)}>
        Receipt<VisuallyHidden> {payment.reference}</VisuallyHidden>
      </Anchor>
    ),
  },
];

/** /user/payment-list: the learner's subscriptions, then SPEC.md's 'Payment List' (15 a page). */
export function UserPaymentListPage() {
  usePageTitle('Payment List');
  const [page, setPage] = useState(1);
  const payments = useUserPayments(page);
  let list: ReactNode;
  if (payments.isPending) {
    list = (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>Loading your payments…</Text>
      </Group>
    );
  } else if (payments.isError) {
    list = (
      <LoadFailure title="We could not load your payments." error={payments.error} retry={payments.refetch} />
    );
  } else {
    list = (
      <>
        <DataTable rows={payments.data.data} columns={COLUMNS} what="Payment history" minWidth={900} />
        <Pager page={payments.data.current_page} lastPage={payments.data.last_page} onChange={setPage} />
      </>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>Payment List</Title>
      <SubscriptionList />
      <Stack gap="sm" component="section" aria-labelledby="payments-heading">
        <Title order={2} size="h3" id="payments-heading">
          Payments
        </Title>
        {list}
      </Stack>
    </Stack>
  );
}

import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UserPayment } from '@tokenly/contract/checkout';
import { type ReactNode, useState } from 'react';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Pager } from '../../../components/ui/pager';
import { formatUsd } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useUserPayments } from '../api/get-user-payments';
import { SubscriptionList } from './subscription-list';

// SPEC.md "User 'Payment List'".
const COLUMNS: Column<UserPayment>[] = [
  { header: 'Token Type', cell: (payment) => payment.token_plan.token_title },
  {
    header: 'Payment Id',
    cell: (payment) => (
      <Group gap={6} wrap="nowrap">
        <Text ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
          {payment.payment_id}
        </Text>
        {/* Failed and refunded attempts are listed too; only these carry a mark. */}
        {payment.status === 'succeeded' ? null : (
          <Badge variant="filled" color="gray.7" tt="none">
            {payment.status}
          </Badge>
        )}
      </Group>
    ),
  },
  { header: 'Number of Token', cell: (payment) => payment.number_token },
  { header: 'Amount (USD)', cell: (payment) => formatUsd(payment.amount) },
  // SPEC.md: 'Subscription' when the flag equals 1.
  {
    header: 'Membership',
    cell: (payment) => (payment.membership === 1 ? 'Subscription' : 'Not Subscription'),
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
        <DataTable rows={payments.data.data} columns={COLUMNS} what="Payment history" />
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

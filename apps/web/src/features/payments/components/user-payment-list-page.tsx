import { Anchor, Badge, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UserPayment } from '@tokenly/contract/checkout';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Pager } from '../../../components/ui/pager';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useUserPayments } from '../api/get-user-payments';
import { paymentStatusLabel, refundLine } from '../utils/payment-status';
import { AmountWithVat } from './amount-with-vat';
import { SubscriptionList } from './subscription-list';

type Translate = ReturnType<typeof useT>;

// SPEC.md "User 'Payment List'" (Token Type, Payment Id, Number of Token, Amount, Membership), with the
// date, the status, the invoice and a receipt. Payment Id is our readable reference, not the provider's id.
const columns = (t: Translate): Column<UserPayment>[] => [
  { header: t('payments.list.date'), cell: (payment) => formatDate(payment.created_at) },
  // A plan's name is the school's, in any script ('6-Month Membership' in an Arabic row): isolated.
  { header: t('payments.list.tokenType'), cell: (payment) => <bdi>{payment.token_plan.token_title}</bdi> },
  { header: t('payments.list.paymentId'), cell: (payment) => payment.reference },
  { header: t('payments.list.numberOfToken'), cell: (payment) => payment.number_token },
  { header: t('payments.list.amount'), cell: (payment) => <AmountWithVat amount={payment.amount} /> },
  // SPEC.md: 'Subscription' when the flag equals 1.
  {
    header: t('payments.list.membership'),
    cell: (payment) =>
      payment.membership === 1 ? t('payments.list.subscription') : t('payments.list.notSubscription'),
  },
  {
    header: t('payments.list.status'),
    cell: (payment) => {
      const refund = refundLine(payment);
      return (
        <Stack gap={2} align="flex-start">
          <Badge variant="filled" color={payment.status === 'succeeded' ? 'teal.9' : 'gray.7'} tt="none">
            {paymentStatusLabel(payment)}
          </Badge>
          {refund && <Text size="xs">{refund}</Text>}
        </Stack>
      );
    },
  },
  {
    header: t('payments.list.invoice'),
    cell: (payment) =>
      payment.invoice ? (
        <Anchor component={Link} to={ROUTES.userInvoice(payment.invoice.id)}>
          {payment.invoice.number}
        </Anchor>
      ) : null,
  },
  {
    header: t('payments.list.receipt'),
    // A failed attempt took no money: there is nothing to give a receipt for.
    cell: (payment) =>
      payment.status === 'failed' ? null : (
        <Anchor component={Link} to={ROUTES.userPaymentReceipt(payment.id)}>
          <RichMessage
            id="payments.list.receiptLink"
            values={{ reference: payment.reference }}
            components={{ 0: <VisuallyHidden /> }}
          />
        </Anchor>
      ),
  },
];

/** /user/payment-list: the learner's subscriptions, then SPEC.md's 'Payment List' (15 a page). */
export function UserPaymentListPage() {
  const t = useT();
  usePageTitle(t('payments.list.title'));
  const [page, setPage] = useState(1);
  const payments = useUserPayments(page);
  let list: ReactNode;
  if (payments.isPending) {
    list = (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>{t('payments.list.loading')}</Text>
      </Group>
    );
  } else if (payments.isError) {
    list = (
      <LoadFailure title={t('payments.list.loadFailed')} error={payments.error} retry={payments.refetch} />
    );
  } else {
    list = (
      <>
        <DataTable
          rows={payments.data.data}
          columns={columns(t)}
          what={t('payments.list.tableName')}
          minWidth={900}
        />
        <Pager page={payments.data.current_page} lastPage={payments.data.last_page} onChange={setPage} />
      </>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>{t('payments.list.title')}</Title>
      <SubscriptionList />
      <Stack gap="sm" component="section" aria-labelledby="payments-heading">
        <Title order={2} size="h3" id="payments-heading">
          {t('payments.list.heading')}
        </Title>
        {list}
      </Stack>
    </Stack>
  );
}

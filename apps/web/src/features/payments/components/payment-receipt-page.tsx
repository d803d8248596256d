import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PaymentReceipt } from '@tokenly/contract/payments';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatUsd } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { usePaymentReceipt } from '../api/get-payment-receipt';
import { PAYMENT_STATUS_LABELS, refundLine } from '../utils/payment-status';
import classes from './payment-receipt.module.css';

function ReceiptFields({ receipt }: { receipt: PaymentReceipt }) {
  const rows: [string, string][] = [
    ['Reference', receipt.reference],
    ['Date', formatDate(receipt.created_at)],
    ['Plan', receipt.membership === 1 ? `${receipt.plan_title} (membership)` : receipt.plan_title],
    ['Amount', `${formatUsd(receipt.amount)} (VAT included)`],
    ['Tokens', String(receipt.number_token)],
    ['Status', PAYMENT_STATUS_LABELS[receipt.status]],
  ];
  const refund = refundLine(receipt);
  if (refund) rows.push(['Refund', refund]);
  if (receipt.start_date && receipt.end_date) {
    rows.push(['Period', `${formatDate(receipt.start_date)} to ${formatDate(receipt.end_date)}`]);
  }
  rows.push([
    'Tokens expire',
    receipt.credits_expire_at ? formatDate(receipt.credits_expire_at) : 'No tokens granted',
  ]);
  return (
    <dl className={classes.fields}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** /user/payment-list/{id}/receipt (issue 18): one payment as a receipt that prints on its own. */
export function PaymentReceiptPage() {
  usePageTitle('Receipt');
  const id = useParams().id ?? '';
  const receipt = usePaymentReceipt(id);
  return (
    <Stack gap="lg">
      <Group justify="space-between" className={classes.noPrint}>
        <Button component={Link} to={ROUTES.userPaymenyList} variant="default">
          Back to payments
        </Button>
        <Button onClick={() => window.print()} disabled={!receipt.isSuccess}>
          Print receipt
        </Button>
      </Group>
      <QueryState query={receipt} what="the receipt">
        {(data) => (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.receipt}>
            <Stack gap="md">
              <div>
                <Text fw={700} fz="lg">
                  {data.school_name}
                </Text>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  Receipt {data.reference}
                </Title>
              </div>
              <ReceiptFields receipt={data} />
            </Stack>
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}

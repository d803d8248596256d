import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { PaymentReceipt } from '@tokenly/contract/payments';
import type { MessageKey } from '@tokenly/i18n/keys';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { usePaymentReceipt } from '../api/get-payment-receipt';
import { paymentStatusLabel, refundLine } from '../utils/payment-status';
import { AmountWithVat } from './amount-with-vat';
import { LabelledFields } from './labelled-fields';
import classes from './payment-receipt.module.css';

function ReceiptFields({ receipt }: { receipt: PaymentReceipt }) {
  const t = useT();
  const plan = receipt.plan_title;
  const rows: [MessageKey, ReactNode][] = [
    ['payments.receipt.reference', receipt.reference],
    ['payments.receipt.date', formatDate(receipt.created_at)],
    // A plan's name is the school's, in any script: isolated from the page's direction.
    [
      'payments.receipt.plan',
      receipt.membership === 1 ? (
        t('payments.receipt.planMembership', { plan })
      ) : (
        <bdi key="plan">{plan}</bdi>
      ),
    ],
    ['payments.receipt.amount', <AmountWithVat key="amount" amount={receipt.amount} />],
    // The amount is what was charged; a code's discount is named under it.
    ...(receipt.promo_code
      ? [
          [
            'payments.receipt.discount',
            t('payments.receipt.discountValue', {
              discount: formatUsd(receipt.discount),
              code: receipt.promo_code,
            }),
          ] satisfies [MessageKey, ReactNode],
        ]
      : []),
    ['payments.receipt.tokens', String(receipt.number_token)],
    ['payments.receipt.status', paymentStatusLabel(receipt)],
  ];
  if (receipt.plan_change_from) {
    rows.push([
      'payments.receipt.planChange',
      t('payments.receipt.planChangeFrom', { plan: receipt.plan_change_from }),
    ]);
  }
  const refund = refundLine(receipt);
  if (refund) rows.push(['payments.receipt.refund', refund]);
  if (receipt.start_date && receipt.end_date) {
    rows.push([
      'payments.receipt.period',
      t('payments.receipt.periodDates', {
        start: formatDate(receipt.start_date),
        end: formatDate(receipt.end_date),
      }),
    ]);
  }
  if (receipt.invoice) {
    rows.push([
      'payments.receipt.invoice',
      <Anchor key="invoice" component={Link} to={ROUTES.userInvoice(receipt.invoice.id)}>
        {receipt.invoice.number}
      </Anchor>,
    ]);
  }
  rows.push([
    'payments.receipt.expire',
    receipt.credits_expire_at ? formatDate(receipt.credits_expire_at) : t('payments.receipt.noTokens'),
  ]);
  return <LabelledFields rows={rows} />;
}

/** /user/payment-list/{id}/receipt: one payment as a receipt that prints on its own. */
export function PaymentReceiptPage() {
  const t = useT();
  usePageTitle(t('payments.receipt.title'));
  const id = useParams().id ?? '';
  const receipt = usePaymentReceipt(id);
  return (
    <Stack gap="lg">
      <Group justify="space-between" className={classes.noPrint}>
        <Button component={Link} to={ROUTES.userPaymenyList} variant="default">
          {t('payments.receipt.back')}
        </Button>
        <Button onClick={() => window.print()} disabled={!receipt.isSuccess}>
          {t('payments.receipt.print')}
        </Button>
      </Group>
      <QueryState
        query={receipt}
        loading={t('payments.receipt.loading')}
        failed={t('payments.receipt.loadFailed')}
      >
        {(data) => (
          <Panel className={classes.receipt}>
            <Stack gap="md">
              <div>
                <Text fw={700} fz="lg">
                  {data.school_name}
                </Text>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {t('payments.receipt.heading', { reference: data.reference })}
                </Title>
              </div>
              <ReceiptFields receipt={data} />
            </Stack>
          </Panel>
        )}
      </QueryState>
    </Stack>
  );
}

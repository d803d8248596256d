import { Button, Group, List, Modal, Stack } from '@mantine/core';
import { creditCount } from '@tokenly/contract/constants';
import { type Payment, REFUND_REASON_MAX, type RefundPreview } from '@tokenly/contract/payments';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormNumberRange } from '../../../components/form/number-range-input';
import { FormReasonInput } from '../../../components/form/reason-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { RowDangerButton } from '../../../components/ui/row-danger-button';
import { formatUsd } from '../../../lib/format';
import { useRefundPayment, useRefundPreview } from '../api/payments';

type Values = { amount: number | string; reason: string };

/** What the refund will do, in words, before the administrator confirms. */
function RefundSummary({ preview }: { preview: RefundPreview }) {
  return (
    <List size="sm" spacing={4}>
      <List.Item>
        Paid {formatUsd(preview.amount)}
        {preview.amount_refunded > 0
          ? `, of which ${formatUsd(preview.amount_refunded)} already refunded`
          : ''}
        . At most {formatUsd(preview.refundable)} can be refunded.
      </List.Item>
      <List.Item>
        {creditCount(preview.credits_total)} granted: {preview.credits_used} used or expired,{' '}
        {preview.credits_unused} unused.
      </List.Item>
      <List.Item>
        {preview.credits_unused > 0
          ? `The ${creditCount(preview.credits_unused)} left will be removed: ${preview.student.name}'s balance goes from ${preview.balance} to ${preview.balance_after}.`
          : `No credits will be removed; ${preview.student.name}'s balance stays ${preview.balance}.`}{' '}
        Credits already spent stay spent.
      </List.Item>
    </List>
  );
}

function RefundForm({
  payment,
  preview,
  close,
}: {
  payment: Payment;
  preview: RefundPreview;
  close: () => void;
}) {
  const refund = useRefundPayment(payment.id);
  // Pro rata of the unused credits, so 0 when all were used; more is the admin's typed choice.
  const form = useForm<Values>({
    defaultValues: { amount: preview.suggested_amount, reason: '' },
  });
  const { isSubmitting } = form.formState;
  const amount = Number(form.watch('amount'));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await refund.mutateAsync({ amount: Number(values.amount), reason: values.reason });
      close();
      dialog.success(
        `Refunded ${formatUsd(Number(values.amount))}. ${creditCount(data.credits_removed)} removed; new balance: ${data.balance}.`,
      );
    } catch (error) {
      reportSaveError(error, form.setError, ['amount', 'reason']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Refund payment ${payment.reference}`}>
      <Stack gap="md">
        <RefundSummary preview={preview} />
        <FormNumberRange
          form={form}
          name="amount"
          label="Amount to refund (USD)"
          description={`Suggested: ${formatUsd(preview.suggested_amount)}, the share of the unused credits`}
          min={0.01}
          max={preview.refundable}
          decimals={2}
          rangeMessage={`Enter an amount from 0.01 to ${preview.refundable.toFixed(2)} USD.`}
          required
        />
        <FormReasonInput form={form} name="reason" maxLength={REFUND_REASON_MAX} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Keep the payment
          </Button>
          <Button type="submit" color="red.9" loading={isSubmitting}>
            Refund {Number.isFinite(amount) && amount > 0 ? formatUsd(amount) : ''}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Refund action of a payment: opens what the refund would do, then refunds on confirmation. */
export function RefundPaymentButton({ payment }: { payment: Payment }) {
  const [opened, setOpened] = useState(false);
  const preview = useRefundPreview(payment.id, opened);
  if (payment.status !== 'succeeded' || payment.amount_refunded >= payment.amount) return null;
  const close = () => setOpened(false);
  return (
    <>
      <RowDangerButton
        aria-label={`Refund payment ${payment.reference} of ${payment.user.name}`}
        onClick={() => setOpened(true)}
      >
        Refund
      </RowDangerButton>
      <Modal opened={opened} onClose={close} title={`Refund ${payment.reference}`} centered>
        <QueryState query={preview} what="what the refund would do">
          {(data) => <RefundForm payment={payment} preview={data} close={close} />}
        </QueryState>
      </Modal>
    </>
  );
}

/** The refund and dispute state of a payment, for the status column. */
export function refundNote(payment: Payment): string | null {
  const parts = [
    payment.amount_refunded > 0 && payment.amount_refunded < payment.amount
      ? `${formatUsd(payment.amount_refunded)} refunded`
      : null,
    payment.disputed_at ? 'disputed' : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

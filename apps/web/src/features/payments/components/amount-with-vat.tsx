import { Text } from '@mantine/core';
import { RichMessage } from '../../../components/ui/rich-message';
import { formatUsd } from '../../../lib/format';

/** "$50 (VAT included)", the note smaller: the payment list and the receipt say an amount alike. */
export function AmountWithVat({ amount }: { amount: number }) {
  return (
    <RichMessage
      id="payments.amount.vatIncluded"
      values={{ amount: formatUsd(amount) }}
      components={{ 0: <Text span size="xs" c="dimmed" /> }}
    />
  );
}

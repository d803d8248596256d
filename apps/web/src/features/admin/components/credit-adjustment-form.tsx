import { MAX_CREDIT_ADJUSTMENT } from '@tokenly/contract/credits';
import { useAdjustCredits } from '../api/credits';
import { AdjustmentForm } from './adjustment-form';

/** Grant or remove credits with a reason; the server writes it to the ledger. */
export function CreditAdjustmentForm({ userId }: { userId: string }) {
  const adjust = useAdjustCredits(userId);
  return (
    <AdjustmentForm
      label="Adjust credits"
      choicesLabel="Grant or remove"
      choices={[
        { value: 'grant', label: 'Grant' },
        { value: 'remove', label: 'Remove' },
      ]}
      amount={{ label: 'Credits', max: MAX_CREDIT_ADJUSTMENT, initial: 1, field: 'delta' }}
      submitLabel={() => 'Save adjustment'}
      keepAction
      apply={async ({ action, amount, reason }) => {
        const { data } = await adjust.mutateAsync({ delta: action === 'grant' ? amount : -amount, reason });
        return `Credits updated. New balance: ${data.balance}.`;
      }}
    />
  );
}

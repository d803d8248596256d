import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { MAX_CREDIT_ADJUSTMENT } from '@tokenly/contract/credits';
import { Controller, useForm } from 'react-hook-form';
import { reportSaveError } from '../../../components/form/report-save-error';
import { dialog } from '../../../components/ui/dialog';
import { useAdjustCredits } from '../api/credits';
import { ReasonField, WholeNumberField } from './adjustment-fields';

type Values = { direction: 'grant' | 'remove'; credits: number | string; reason: string };

/** Grant or remove credits with a reason; the server writes it to the ledger. */
export function CreditAdjustmentForm({ userId }: { userId: string }) {
  const adjust = useAdjustCredits(userId);
  const form = useForm<Values>({ defaultValues: { direction: 'grant', credits: 1, reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ direction, credits, reason }) => {
    const amount = Number(credits);
    try {
      const { data } = await adjust.mutateAsync({ delta: direction === 'grant' ? amount : -amount, reason });
      form.reset({ direction, credits: 1, reason: '' });
      dialog.success(`Credits updated. New balance: ${data.balance}.`);
    } catch (error) {
      reportSaveError(error, form.setError, { delta: 'credits', reason: 'reason' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Adjust credits">
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <SegmentedControl
              aria-label="Grant or remove"
              value={field.value}
              onChange={(value) => field.onChange(value === 'remove' ? 'remove' : 'grant')}
              data={[
                { value: 'grant', label: 'Grant' },
                { value: 'remove', label: 'Remove' },
              ]}
            />
          )}
        />
        <Group align="flex-start" grow wrap="wrap">
          <WholeNumberField
            control={form.control}
            name="credits"
            label="Credits"
            max={MAX_CREDIT_ADJUSTMENT}
            error={errors.credits?.message}
          />
          <ReasonField register={form.register} name="reason" error={errors.reason?.message} />
        </Group>
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Save adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

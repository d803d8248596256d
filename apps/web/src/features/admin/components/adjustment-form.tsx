import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { FormNumberRange } from '../../../components/form/number-range-input';
import { FormReasonInput } from '../../../components/form/reason-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { dialog } from '../../../components/ui/dialog';

type Choice<A extends string> = { value: A; label: string; disabled?: boolean };
// The action as the segmented control holds it (a string); `actionOf` reads it back as one of the choices.
type Values = { action: string; amount: number | string; reason: string };

/**
 * An administrator's change to what a learner holds (credits, Club pass days): a choice of action, a whole
 * number from 1 to `amount.max`, and a reason the learner's history keeps. `apply` saves it and answers
 * the message of the success dialog.
 */
export function AdjustmentForm<A extends string>({
  label,
  choicesLabel,
  choices,
  amount,
  submitLabel,
  danger,
  keepAction = false,
  apply,
}: {
  /** The form's accessible name. */
  label: string;
  /** The accessible name of the choice of action. */
  choicesLabel: string;
  /** The actions, the first chosen at first. */
  choices: readonly [Choice<A>, ...Choice<A>[]];
  amount: {
    label: string;
    max: number;
    initial: number;
    /** The server's name of the field, for the messages it puts under it. */
    field: string;
    /** The one action that takes an amount; every action does when absent. */
    onlyFor?: A;
  };
  submitLabel: (action: A) => string;
  /** The action that takes something away: its button is red. */
  danger?: A;
  /** Whether the action stays chosen after a save, for changes that often come in a row. */
  keepAction?: boolean;
  apply: (change: { action: A; amount: number; reason: string }) => Promise<string>;
}) {
  const actionOf = (value: string) =>
    choices.find((choice) => choice.value === value)?.value ?? choices[0].value;
  const form = useForm<Values>({
    defaultValues: { action: choices[0].value, amount: amount.initial, reason: '' },
  });
  const { isSubmitting } = form.formState;
  const action = actionOf(form.watch('action'));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const message = await apply({
        action: actionOf(values.action),
        amount: Number(values.amount),
        reason: values.reason,
      });
      form.reset({
        action: keepAction ? values.action : choices[0].value,
        amount: amount.initial,
        reason: '',
      });
      dialog.success(message);
    } catch (error) {
      reportSaveError(error, form.setError, { [amount.field]: 'amount', reason: 'reason' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="action"
          render={({ field }) => (
            <SegmentedControl
              aria-label={choicesLabel}
              value={field.value}
              onChange={field.onChange}
              data={[...choices]}
            />
          )}
        />
        <Group align="flex-start" grow wrap="wrap">
          {(amount.onlyFor === undefined || action === amount.onlyFor) && (
            <FormNumberRange
              form={form}
              name="amount"
              label={amount.label}
              min={1}
              max={amount.max}
              decimals={0}
              rangeMessage={`Enter a whole number from 1 to ${amount.max}.`}
              required
              miw={120}
            />
          )}
          <FormReasonInput form={form} name="reason" maxLength={200} miw={200} />
        </Group>
        <Group>
          <Button type="submit" loading={isSubmitting} color={action === danger ? 'red.9' : undefined}>
            {submitLabel(action)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import type { TextInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { Bound } from './bound';
import { FormTextInput } from './text-input';

/**
 * Why an administrator changes a learner's record (a refund, a grant, a free place), kept in its history
 * or the audit log. It must say something, not only spaces; `requiredWhen` makes that hold only while
 * it returns true (a free place needs a reason, a paid one does not).
 */
export function FormReasonInput<T extends FieldValues, N extends FieldPath<T>>({
  requiredWhen,
  ...props
}: Omit<Bound<T, N, TextInputProps>, 'rules' | 'label' | 'required'> & { requiredWhen?: () => boolean }) {
  return (
    <FormTextInput
      {...props}
      label="Reason"
      required={requiredWhen === undefined}
      rules={{
        validate: (value: unknown) =>
          (requiredWhen !== undefined && !requiredWhen()) ||
          String(value).trim().length > 0 ||
          'Give a reason.',
      }}
    />
  );
}

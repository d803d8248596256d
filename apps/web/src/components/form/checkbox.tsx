import { Checkbox, type CheckboxProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type Bound, fieldMessage } from './bound';

export function FormCheckbox<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, CheckboxProps>) {
  return <Checkbox {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

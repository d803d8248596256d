import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type Bound, fieldMessage } from './bound';

export function FormPasswordInput<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, PasswordInputProps>) {
  return <PasswordInput {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type Bound, fieldMessage } from './bound';

export function FormTextInput<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, TextInputProps>) {
  return <TextInput {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

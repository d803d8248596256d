import { Textarea, type TextareaProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type Bound, fieldMessage } from './bound';

export function FormTextarea<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, TextareaProps>) {
  return <Textarea {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

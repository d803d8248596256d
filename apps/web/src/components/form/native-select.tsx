import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type Bound, fieldMessage } from './bound';

export function FormNativeSelect<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, NativeSelectProps>) {
  return <NativeSelect {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

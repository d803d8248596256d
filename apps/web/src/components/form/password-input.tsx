import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type Bound, fieldMessage } from './bound';

// The show-password eye is for the mouse only (out of the tab order): hidden from screen readers, not
// named by Mantine's English "Toggle password visibility", which would also answer to "Password".
const EYE_PROPS = { 'aria-hidden': true, 'aria-label': undefined } as const;

export function FormPasswordInput<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, PasswordInputProps>) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={EYE_PROPS}
      {...props}
      error={fieldMessage(form, name)}
      {...form.register(name, rules)}
    />
  );
}

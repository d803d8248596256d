import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { boundByName } from './bound';

// The show-password eye is for the mouse only (out of the tab order): hidden from screen readers, not
// named by Mantine's English "Toggle password visibility", which would also answer to "Password".
const EYE_PROPS = { 'aria-hidden': true, 'aria-label': undefined } as const;

export const FormPasswordInput = boundByName<PasswordInputProps>(PasswordInput, {
  visibilityToggleButtonProps: EYE_PROPS,
});

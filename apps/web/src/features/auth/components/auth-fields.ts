// Every field of the sign-in, sign-up and password forms is required, so none carries the asterisk.
const REQUIRED = { required: true, withAsterisk: false } as const;

/** An email address field's props, but its name. */
export const emailField = (label: string) =>
  ({ label, type: 'email', autoComplete: 'email', ...REQUIRED }) as const;

/** A password in use (sign-in). */
export const currentPasswordField = (label: string) =>
  ({ label, autoComplete: 'current-password', ...REQUIRED }) as const;

/** A new password or its confirmation: password managers offer to make and save one. */
export const newPasswordField = (label: string) =>
  ({ label, autoComplete: 'new-password', ...REQUIRED }) as const;

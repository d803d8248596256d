import { TextInput } from '@mantine/core';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

type Account = { name: string; email: string };

/**
 * The name and email of an account an administrator adds or edits (admins, teachers): one markup for
 * every such form, so their labels and autofill stay alike.
 */
export function AccountFields<Values extends FieldValues & Account>({
  register,
  errors,
  emailDescription,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  emailDescription?: string;
}) {
  return (
    <>
      <TextInput
        label="Name"
        autoComplete="off"
        required
        error={errors.name?.message as string | undefined}
        {...register('name' as Path<Values>)}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="off"
        required
        description={emailDescription}
        error={errors.email?.message as string | undefined}
        {...register('email' as Path<Values>)}
      />
    </>
  );
}

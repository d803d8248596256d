import {
  Checkbox,
  type CheckboxProps,
  NativeSelect,
  type NativeSelectProps,
  PasswordInput,
  type PasswordInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

// Mantine's inputs bound to a react-hook-form field by name: the field's registration and its message
// (the resolver's or the server's, see applyServerErrors) come with the name, so a form lists only what
// differs between its fields: label, type, autocomplete.

/** What binding needs of a form: any useForm() result, whatever its resolver's output type. */
type BindableForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;

type Bound<T extends FieldValues, N extends FieldPath<T>, P> = Omit<P, 'name' | 'error' | 'form'> & {
  form: BindableForm<T>;
  name: N;
  /** Checks of this field alone, for forms without a schema resolver. */
  rules?: RegisterOptions<T, N>;
};

/** The field's message, if it has one; read through formState so the input re-renders when it changes. */
export function fieldMessage<T extends FieldValues>(form: BindableForm<T>, name: FieldPath<T>) {
  return form.getFieldState(name, form.formState).error?.message;
}

export function FormTextInput<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, TextInputProps>) {
  return <TextInput {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormPasswordInput<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, PasswordInputProps>) {
  return <PasswordInput {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormTextarea<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, TextareaProps>) {
  return <Textarea {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormNativeSelect<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, NativeSelectProps>) {
  return <NativeSelect {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormCheckbox<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  rules,
  ...props
}: Bound<T, N, CheckboxProps>) {
  return <Checkbox {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

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

type Bound<T extends FieldValues, P> = Omit<P, 'name' | 'error' | 'form'> & {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  /** Checks of this field alone, for forms without a schema resolver. */
  rules?: RegisterOptions<T, FieldPath<T>>;
};

/** The field's message, if it has one; read through formState so the input re-renders when it changes. */
export function fieldMessage<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>) {
  return form.getFieldState(name, form.formState).error?.message;
}

export function FormTextInput<T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Bound<T, TextInputProps>) {
  return <TextInput {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormPasswordInput<T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Bound<T, PasswordInputProps>) {
  return <PasswordInput {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormTextarea<T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Bound<T, TextareaProps>) {
  return <Textarea {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormNativeSelect<T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Bound<T, NativeSelectProps>) {
  return <NativeSelect {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

export function FormCheckbox<T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Bound<T, CheckboxProps>) {
  return <Checkbox {...props} error={fieldMessage(form, name)} {...form.register(name, rules)} />;
}

import type { ComponentType, ReactNode } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

// Mantine's inputs bound to a react-hook-form field by name (one module each, so a page loads only the
// inputs it shows): the field's registration and its message (the resolver's or the server's, see
// applyServerErrors) come with the name, so a form lists only what differs between its fields.

/** What binding needs of a form: any useForm() result, whatever its resolver's output type. */
export type BindableForm<T extends FieldValues> = Pick<
  UseFormReturn<T>,
  'register' | 'getFieldState' | 'formState'
>;

export type Bound<T extends FieldValues, N extends FieldPath<T>, P> = Omit<P, 'name' | 'error' | 'form'> & {
  form: BindableForm<T>;
  name: N;
  /** Checks of this field alone, for forms without a schema resolver. */
  rules?: RegisterOptions<T, N>;
};

/** The field's message, if it has one; read through formState so the input re-renders when it changes. */
export function fieldMessage<T extends FieldValues>(form: BindableForm<T>, name: FieldPath<T>) {
  return form.getFieldState(name, form.formState).error?.message;
}

/**
 * A Mantine input bound by name: `defaults` go first, so a form may still set them; the field's
 * registration and message last, so a form cannot unbind it by accident.
 */
export function boundByName<P extends { error?: ReactNode }>(Input: ComponentType<P>, defaults?: Partial<P>) {
  return function BoundInput<T extends FieldValues, N extends FieldPath<T>>({
    form,
    name,
    rules,
    ...props
  }: Bound<T, N, P>) {
    const inputProps = {
      ...defaults,
      ...props,
      error: fieldMessage(form, name),
      ...form.register(name, rules),
    };
    // TypeScript cannot tell that Omit<P, …> plus the parts omitted make a P for every P; they do.
    return <Input {...(inputProps as unknown as P)} />;
  };
}

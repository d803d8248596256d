import type { TextInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { Bound } from './bound';
import { FormTextInput } from './text-input';

// Numbers typed as text inputs of type number: the browser's own spinner and a number keyboard on phones,
// and an empty field stays empty (the contract's schema, in the form or on the server, turns the text
// into a number or no limit).

type NumberProps<T extends FieldValues, N extends FieldPath<T>> = Bound<
  T,
  N,
  Omit<TextInputProps, 'type' | 'inputMode' | 'step' | 'min' | 'max'>
> & { min?: number; max?: number };

/** A whole number from `min` (1 unless said) up to `max`, if there is one. */
export function FormWholeNumber<T extends FieldValues, N extends FieldPath<T>>({
  min = 1,
  ...props
}: NumberProps<T, N>) {
  return <FormTextInput {...props} type="number" inputMode="numeric" min={min} step={1} />;
}

/** A number to the hundredth (a price in dollars and cents, a rate), from 0 unless said. */
export function FormDecimal<T extends FieldValues, N extends FieldPath<T>>(props: NumberProps<T, N>) {
  return <FormTextInput min={0} {...props} type="number" inputMode="decimal" step="0.01" />;
}

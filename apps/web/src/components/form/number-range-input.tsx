import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues, N extends FieldPath<T>> = Omit<
  NumberInputProps,
  | 'form'
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'error'
  | 'min'
  | 'max'
  | 'decimalScale'
  | 'allowDecimal'
> & {
  form: { control: Control<T> };
  name: N;
  label: string;
  min: number;
  max: number;
  /** Digits after the point: 0 for a whole number, 2 for dollars and cents. */
  decimals: 0 | 2;
  /** Shown under the field when the number is outside min..max (or not whole when it must be). */
  rangeMessage: string;
};

/**
 * An amount within a range that the form knows only at run time (what is left to refund, what a learner
 * holds): Mantine's NumberInput, which keeps the typed text as the user wrote it, checked against the
 * range on submit. The field's message may also come from the server (applyServerErrors).
 */
export function FormNumberRange<T extends FieldValues, N extends FieldPath<T>>({
  form,
  name,
  min,
  max,
  decimals,
  rangeMessage,
  ...props
}: Props<T, N>) {
  const inRange = (value: unknown) => {
    const number = Number(value);
    return number >= min && number <= max && (decimals > 0 || Number.isInteger(number));
  };
  return (
    <Controller
      control={form.control}
      name={name}
      rules={{ validate: (value) => inRange(value) || rangeMessage }}
      render={({ field, fieldState }) => (
        <NumberInput
          allowNegative={false}
          {...props}
          min={min}
          max={max}
          decimalScale={decimals}
          allowDecimal={decimals > 0}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

import { NumberInput, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

/** A whole number from 1 to `max`: the credits or the Club pass days an administrator grants or removes. */
export function WholeNumberField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  max: number;
  error: string | undefined;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      rules={{
        validate: (value) => {
          const amount = Number(value);
          return (
            (Number.isInteger(amount) && amount >= 1 && amount <= props.max) ||
            `Enter a whole number from 1 to ${props.max}.`
          );
        },
      }}
      render={({ field }) => (
        <NumberInput
          label={props.label}
          min={1}
          max={props.max}
          allowDecimal={false}
          allowNegative={false}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={props.error}
          miw={120}
        />
      )}
    />
  );
}

/** Why an administrator adjusts a learner's credits or pass: required, kept in the learner's history. */
export function ReasonField<T extends FieldValues>(props: {
  register: UseFormRegister<T>;
  name: Path<T>;
  error: string | undefined;
}) {
  return (
    <TextInput
      label="Reason"
      required
      maxLength={200}
      error={props.error}
      miw={200}
      {...props.register(props.name, {
        validate: (value) => String(value).trim().length > 0 || 'Give a reason.',
      })}
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a contract schema, as the server checks the call: its fields hold what the schema
 * takes (text as typed), and its submit handler gets what the schema makes of them.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}

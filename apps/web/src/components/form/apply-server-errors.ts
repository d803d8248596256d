import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** The form's fields named as the server names them, or a map from the server's names to the form's. */
export type ServerFields<T extends FieldValues> = readonly FieldPath<T>[] | Record<string, FieldPath<T>>;

/**
 * Puts the per-field messages of a refused request under their fields, focusing the first; returns
 * whether any field got one (else the caller shows the request's own message alone).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ServerFields<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const pairs = Array.isArray(fields)
    ? fields.map((field) => [field, field] as const)
    : Object.entries(fields);
  let shown = false;
  for (const [serverField, formField] of pairs) {
    const message = error.fieldError(serverField);
    if (!message) continue;
    setError(formField, { message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

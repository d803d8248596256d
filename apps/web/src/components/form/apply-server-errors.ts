import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api-client';
import { dialog } from '../ui/dialog';

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

/**
 * SPEC.md section 8: a failed save shows the server's message in the 'Error!' dialog; the per-field
 * messages of a 422 also go under their fields.
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ServerFields<T>,
) {
  applyServerErrors(error, setError, fields);
  dialog.error(errorMessage(error));
}

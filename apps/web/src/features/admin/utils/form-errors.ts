import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { dialog } from '../../../components/ui/dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * SPEC.md section 8: a failed save shows the server's message in the 'Error!' dialog; the per-field
 * messages of a 422 also go under their fields. `fields` lists the form fields named as the server
 * names them, or maps a server name to a form field when they differ.
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[] | Record<string, FieldPath<T>>,
) {
  if (error instanceof ApiError) {
    const pairs = Array.isArray(fields)
      ? fields.map((field) => [field, field] as const)
      : Object.entries(fields);
    for (const [serverField, formField] of pairs) {
      const message = error.fieldError(serverField);
      if (message) setError(formField, { message });
    }
  }
  dialog.error(errorMessage(error));
}

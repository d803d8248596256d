import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { dialog } from '../ui/dialog';
import { applyServerErrors, type ServerFields } from './apply-server-errors';

// Apart from applyServerErrors: the dialog it opens is code the sign-in pages do not load.

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

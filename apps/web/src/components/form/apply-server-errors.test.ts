import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from './apply-server-errors';

type Form = { name: string; email: string; credits: number };

/** What a form would record: each field's message and whether it took the focus. */
function recorder() {
  const set: { field: keyof Form; message: string | undefined; focus: boolean | undefined }[] = [];
  const setError: UseFormSetError<Form> = (field, error, options) => {
    if (field === 'name' || field === 'email' || field === 'credits')
      set.push({ field, message: error.message, focus: options?.shouldFocus });
  };
  return { set, setError };
}

const refused = new ApiError(422, 'The given data was invalid.', {
  email: ['The email has already been taken.'],
  name: ['The name field is required.'],
  delta: ['Give a whole number of credits.'],
  unknown_field: ['Not a field of this form.'],
});

describe('applyServerErrors', () => {
  it("puts each field's message under the field the server names, focusing only the first", () => {
    const form = recorder();
    expect(applyServerErrors<Form>(refused, form.setError, ['name', 'email'])).toBe(true);
    expect(form.set).toEqual([
      { field: 'name', message: 'The name field is required.', focus: true },
      { field: 'email', message: 'The email has already been taken.', focus: false },
    ]);
  });

  it("maps the server's names to the form's where they differ", () => {
    const form = recorder();
    expect(applyServerErrors<Form>(refused, form.setError, { delta: 'credits' })).toBe(true);
    expect(form.set).toEqual([{ field: 'credits', message: 'Give a whole number of credits.', focus: true }]);
  });

  it('says no field took a message when none of the named fields has one, or the failure is not an answer', () => {
    const form = recorder();
    expect(applyServerErrors<Form>(new ApiError(409, 'Already chosen.'), form.setError, ['name'])).toBe(
      false,
    );
    expect(applyServerErrors<Form>(new TypeError('Failed to fetch'), form.setError, ['name'])).toBe(false);
    expect(form.set).toEqual([]);
  });
});

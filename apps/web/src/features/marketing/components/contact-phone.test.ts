import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactBody, contactBodySchema } from '@tokenly/contract/contact';
import { readCatalogs } from '@tokenly/i18n/check-catalogs';
import { compileCatalog } from '@tokenly/i18n/compile';
import { beforeAll, describe, expect, it } from 'vitest';
import { localizedResolver } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';

// The contact form checks the phone in the browser as the server does (libphonenumber-js through the
// contract's schema): any country's number with its code, kept as E.164; a number without its code is
// refused in the visitor's language.

const catalogs = readCatalogs(new URL('../../../../../../packages/i18n/catalogs/', import.meta.url));
const resolver = localizedResolver(zodResolver(contactBodySchema));
const enquiry: ContactBody = {
  name: 'Lucía',
  email: 'lucia@example.com',
  phone: '',
  course: 'General English',
  message: '¿Hay clases por la tarde?',
};
const check = (phone: string) =>
  resolver({ ...enquiry, phone }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the contact form phone', () => {
  beforeAll(() => {
    i18n.load('es', compileCatalog(catalogs.es.errors));
    i18n.activate('es');
  });

  it('takes a number of any country, with its code, as E.164', async () => {
    const numbers: [string, string][] = [
      ['+81 90 1234 5678', '+819012345678'],
      ['+34 612 34 56 78', '+34612345678'],
      ['', ''],
    ];
    for (const [typed, kept] of numbers) {
      const result = await check(typed);
      expect(result.errors, typed).toEqual({});
      expect(result.values, typed).toMatchObject({ phone: kept });
    }
  });

  it('refuses a number without its country code, in the page language', async () => {
    const result = await check('0612345678');
    expect(result.errors.phone?.message).toBe(catalogs.es.errors['errors.phoneInvalid']);
  });
});

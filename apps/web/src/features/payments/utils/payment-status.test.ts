import { compileCatalog } from '@tokenly/i18n/compile';
import { readBundle } from '@tokenly/i18n/read-catalogs';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { paymentStatusLabel } from './payment-status';

// The learner reads a payment's status in their language, by the same rule as the administrator.
beforeAll(() => {
  i18n.load('es', compileCatalog(readBundle('es', 'learner')));
  i18n.activate('es');
});

describe('payment statuses on the learner screens', () => {
  it.each([
    [{ status: 'succeeded', amount_refunded: 0 }, 'Pagado'],
    [{ status: 'succeeded', amount_refunded: 12.5 }, 'Reembolsado en parte'],
    [{ status: 'refunded', amount_refunded: 50 }, 'Reembolsado'],
    [{ status: 'failed', amount_refunded: 0 }, 'Fallido'],
    [{ status: 'pending', amount_refunded: 0 }, 'Pendiente'],
  ] as const)('%o reads %s in Spanish', (payment, label) => {
    expect(paymentStatusLabel(payment)).toBe(label);
  });
});

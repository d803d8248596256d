import { billingDetailsResponseSchema, invoiceResponseSchema, vatOfTotal } from '@tokenly/contract/invoices';
import { adminPaymentPageResponseSchema } from '@tokenly/contract/payments';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters, invoices } from '../../db/schema/invoices';
import { payments } from '../../db/schema/payments';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { call, newPackage, payByDemoCard, recordOneTime } from '../checkout/checkout-test-kit';

// Invoices and credit notes through the real app and the demo gateway: the seller's settings, the
// learner's billing details, the invoice a card payment gets, its PDF, and the credit note of a refund.

const SCHOOL = {
  school_name: 'Tokenly English',
  school_email: 'school@tokenly.test',
  time_zone: 'Europe/London',
  cancel_window_hours: 24,
  waitlist_cutoff_hours: 2,
  meeting_link_lead_minutes: 15,
  legal_name: 'Tokenly English Ltd',
  address: '10 Downing Street\nLondon SW1A 2AA',
  vat_number: 'GB999999973',
  vat_rate: 20,
};
const BILLING = {
  name: 'Acme Trading GmbH',
  address: 'Hauptstrasse 1\n10115 Berlin',
  country: 'Germany',
  vat_number: 'DE123456789',
};

describe('VAT of a VAT-included total', () => {
  it.each([
    [5000, 2000, 833], // 50.00 USD at 20 %: 8.333 → 8.33
    [1000, 2000, 167], // 10.00 at 20 %: 1.6667 → 1.67
    [4700, 1900, 750], // 47.00 at 19 %: 7.504 → 7.50
    [10000, 750, 698], // 100.00 at 7.5 %: 6.9767 → 6.98
    [3, 2000, 1], // 0.03 at 20 %: exactly 0.005 → half up to 0.01
    [1, 2000, 0],
    [5000, 0, 0],
    [100, 10000, 50],
  ])('%i cents at %i hundredths of a percent hold %i cents of VAT', (total, rate, vat) => {
    expect(vatOfTotal(total, rate)).toBe(vat);
  });
});

describe.each(TEST_DATABASE_KINDS)('invoices on %s', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: admin,
      payload: SCHOOL,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  async function buy(token: string, plan: TokenPlanRow) {
    const { paymentId: intentId } = await payByDemoCard(t.app, token, plan);
    const recorded = await recordOneTime(t.app, token, plan, intentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, intentId));
    if (!payment) throw new Error('payment not recorded');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    if (!invoice) throw new Error('no invoice issued');
    return { payment, invoice };
  }

  it('keeps the seller settings and their history', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin });
    expect(response.json().data).toMatchObject({ legal_name: 'Tokenly English Ltd', vat_rate: 20 });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/admin-school-settings/history',
      headers: admin,
    });
    expect(history.json().data.data).toContainEqual(
      expect.objectContaining({ setting: 'vat_rate', old_value: '0', new_value: '20' }),
    );
  });

  it("issues an invoice with the VAT, the card, and the seller's and buyer's details, as a page and a PDF", async () => {
    const learner = await signedInUser(t.app, t.db);
    const saved = await call(t.app, learner.token, 'GET', 'user-billing-details');
    expect(billingDetailsResponseSchema.parse(saved.json()).data).toEqual({
      name: '',
      address: '',
      country: '',
      vat_number: '',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user-billing-details',
      headers: bearer(learner.token),
      payload: BILLING,
    });
    expect(put.json().data).toEqual(BILLING);

    const { payment, invoice: row } = await buy(learner.token, await newPackage(t.db));
    const response = await call(t.app, learner.token, 'GET', `user-invoice/${row.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const invoice = invoiceResponseSchema.parse(response.json()).data;
    const year = new Date().getUTCFullYear();
    expect(invoice).toMatchObject({
      kind: 'invoice',
      payment_id: payment.id,
      total: 50,
      vat_amount: 8.33,
      net_amount: 41.67,
      vat_rate: 20,
      card_brand: 'visa',
      card_last4: '4242',
      seller: {
        name: 'Tokenly English Ltd',
        address: SCHOOL.address,
        vat_number: 'GB999999973',
        email: 'school@tokenly.test',
      },
      buyer: { ...BILLING, email: learner.user.email },
      credit_of: null,
    });
    expect(invoice.number).toMatch(new RegExp(`^(${year}|${year - 1}|${year + 1})-\\d{6}$`));

    const list = await call(t.app, learner.token, 'GET', 'get-user-payment-list');
    expect(list.json().data.data[0].invoice).toEqual({ id: row.id, number: invoice.number });

    const pdf = await call(t.app, learner.token, 'GET', `user-invoice/${row.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    for (const expected of [
      `Invoice ${invoice.number}`,
      'Tokenly English Ltd',
      'VAT number: GB999999973',
      'Acme Trading GmbH',
      'VAT number: DE123456789',
      'VAT 20%',
      '8.33 USD',
      '41.67 USD',
      '50.00 USD',
      'visa ending 4242',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("answers 404 for another learner's invoice, page and PDF, and shows any to an admin", async () => {
    const owner = await signedInUser(t.app, t.db);
    const { invoice } = await buy(owner.token, await newPackage(t.db));
    const other = await signedInUser(t.app, t.db);
    expect((await call(t.app, other.token, 'GET', `user-invoice/${invoice.id}`)).statusCode).toBe(404);
    expect((await call(t.app, other.token, 'GET', `user-invoice/${invoice.id}/pdf`)).statusCode).toBe(404);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin-invoice/${invoice.id}`,
      headers: admin,
    });
    expect(asAdmin.json().data.number).toBe(invoice.number);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin-invoice/${invoice.id}/pdf`,
      headers: admin,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The buyer's name from the account when no billing details were given.
    expect(asAdmin.json().data.buyer).toMatchObject({ name: owner.user.name, vat_number: '' });
  });

  it('issues a credit note referring to the invoice for each refund, with its VAT, and the CSV names both', async () => {
    const learner = await signedInUser(t.app, t.db);
    const { payment, invoice } = await buy(learner.token, await newPackage(t.db));
    const refund = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-payment/${payment.id}/refund`,
        headers: admin,
        payload: { amount, reason: 'Goodwill' },
      });
    expect((await refund(12.5)).statusCode).toBe(200);
    expect((await refund(37.5)).statusCode).toBe(200);

    const notes = await t.db.select().from(invoices).where(eq(invoices.creditOf, invoice.id));
    expect(notes.map((note) => [note.total, note.vatAmount])).toEqual([
      [1250, 208], // 12.50 at 20 %: 2.083
      [3750, 625], // 37.50 at 20 %: 6.25
    ]);
    const first = await call(t.app, learner.token, 'GET', `user-invoice/${notes[0]?.id}`);
    expect(first.json().data).toMatchObject({
      kind: 'credit_note',
      credit_of: invoice.number,
      total: 12.5,
      vat_amount: 2.08,
      buyer: { name: learner.user.name },
    });
    expect(first.json().data.number).toMatch(/^CN-\d{4}-\d{6}$/);
    const [a, b] = notes.map((note) => note.sequence);
    expect(b).toBe((a ?? 0) + 1);
    const page = await call(t.app, learner.token, 'GET', `user-invoice/${invoice.id}`);
    expect(page.json().data.credit_notes).toEqual(notes.map(({ id, number }) => ({ id, number })));

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/get-payment-list?user_id=${learner.user.id}`,
      headers: admin,
    });
    expect(adminPaymentPageResponseSchema.parse(listed.json()).data.data[0]?.invoice?.number).toBe(
      invoice.number,
    );
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/get-payment-list.csv?user_id=${learner.user.id}`,
      headers: admin,
    });
    const [row] = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(row?.['Invoice number']).toBe(invoice.number);
    expect(row?.['Credit notes']).toBe(notes.map((note) => note.number).join(' '));
  });

  it("takes back exactly the invoice's VAT over the credit notes of a payment refunded in full", async () => {
    const learner = await signedInUser(t.app, t.db);
    const { payment, invoice } = await buy(learner.token, await newPackage(t.db));
    for (const amount of [16.67, 16.67, 16.66]) {
      const refunded = await t.app.inject({
        method: 'POST',
        url: `/api/admin-payment/${payment.id}/refund`,
        headers: admin,
        payload: { amount, reason: 'In thirds' },
      });
      expect(refunded.statusCode).toBe(200);
    }
    const notes = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.creditOf, invoice.id))
      .orderBy(invoices.id);
    // Each third alone rounds to 2.78 of VAT (2.7783, 2.7783, 2.7767): 8.34 against the invoice's 8.33.
    expect(notes.map((note) => note.vatAmount)).toEqual([278, 278, 277]);
    expect(notes.reduce((sum, note) => sum + note.vatAmount, 0)).toBe(invoice.vatAmount);
  });
});

// Row locks and many connections: PostgreSQL only (the pool has 10 connections, PGlite has one).
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('invoice numbers on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  it('numbers 20 concurrent payments uniquely and without gaps', async () => {
    const plan = await newPackage(t.db);
    const learners = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t.app, t.db)));
    const paid = await Promise.all(
      learners.map(async ({ token }) => ({ token, ...(await payByDemoCard(t.app, token, plan)) })),
    );
    const before = await t.db.select().from(invoices);
    const responses = await Promise.all(
      paid.map(({ token, paymentId }) => recordOneTime(t.app, token, plan, paymentId)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));

    const all = await t.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
    const fresh = all.filter((row) => !before.some((old) => old.id === row.id));
    expect(fresh).toHaveLength(20);
    expect(new Set(fresh.map((row) => row.number)).size).toBe(20);
    // Every number of the year from 1 to the counter is used exactly once.
    const [counter] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, 'invoice'));
    const sequences = all.map((row) => row.sequence).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: counter?.lastNumber ?? 0 }, (_, i) => i + 1));
  });
});

import type { BillingDetails, BillingDetailsBody, Invoice, InvoiceParty } from '@tokenly/contract/invoices';
import { billingDetailsBodySchema, vatOfTotal } from '@tokenly/contract/invoices';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { InvoiceRow } from '../../db/schema/invoices';
import type { payments } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { centsToUsd } from '../../lib/money';
import { toLocalDateTime } from '../../lib/time-zone';
import type { GatewayCard } from '../payment-gateways/payment-gateway';
import { paymentReference } from '../payments/payments-service';
import { type SchoolSettingsSource, vatRatePercent } from '../school-settings/school-settings-service';
import { renderInvoicePdf } from './invoice-pdf';
import {
  creditedSoFar,
  creditNotesOf,
  findBillingDetails,
  findBuyer,
  findInvoice,
  findInvoiceNumber,
  findInvoiceOfPayment,
  insertInvoice,
  type NewInvoice,
  nextSequence,
  saveBillingDetails,
} from './invoices-repository';

// Every succeeded payment has an invoice, issued in the transaction that records the payment, and every
// refund a credit note that refers to it. Prices are VAT included (SPEC.md): the VAT is the part of the
// total the school's rate stands for. Seller and buyer are copied onto the document when it is issued,
// so a later change of either's details leaves issued documents as they were.

type PaymentRow = typeof payments.$inferSelect;

const EMPTY_BILLING: BillingDetails = { name: '', address: '', country: '', vat_number: '' };

/** 2026-000123 for invoices, CN-2026-000004 for credit notes. */
function documentNumber(kind: InvoiceRow['kind'], year: number, sequence: number): string {
  const number = `${year}-${String(sequence).padStart(6, '0')}`;
  return kind === 'credit_note' ? `CN-${number}` : number;
}

export function createInvoiceService(
  db: Database,
  { clock, settings }: { clock: Clock; settings: SchoolSettingsSource },
) {
  /** Numbers the document in its year (the school's) and stores it, in the caller's transaction. */
  async function issue(tx: Database, values: Omit<NewInvoice, 'issuedAt'>): Promise<InvoiceRow> {
    const issuedAt = nowOf(clock);
    const { timeZone } = await settings.current(tx);
    const { year } = toLocalDateTime(issuedAt, timeZone);
    const sequence = await nextSequence(tx, values.kind, year);
    return insertInvoice(tx, {
      ...values,
      issuedAt,
      year,
      sequence,
      number: documentNumber(values.kind, year, sequence),
    });
  }

  async function seller(tx: Database): Promise<InvoiceParty> {
    const school = await settings.current(tx);
    return {
      name: school.legalName || school.schoolName,
      address: school.address,
      country: '',
      vat_number: school.vatNumber,
      email: school.schoolEmail,
    };
  }

  /** The learner's billing details where given, their account's name, email and country otherwise. */
  async function buyer(tx: Database, userId: number): Promise<InvoiceParty> {
    const row = await findBuyer(tx, userId);
    if (!row) throw new Error(`user ${userId} of a payment cannot be read`);
    return {
      name: row.billing?.name || row.name,
      address: row.billing?.address ?? '',
      country: row.billing?.country || (row.country ?? ''),
      vat_number: row.billing?.vatNumber ?? '',
      email: row.email,
    };
  }

  async function toDto(row: InvoiceRow): Promise<Invoice> {
    const [creditOf, notes] = await Promise.all([
      row.creditOf === null ? undefined : findInvoiceNumber(db, row.creditOf),
      row.kind === 'invoice' ? creditNotesOf(db, row.id) : [],
    ]);
    return {
      id: row.id,
      kind: row.kind,
      number: row.number,
      issued_at: row.issuedAt.toISOString(),
      payment_id: row.paymentId,
      payment_reference: paymentReference(row.paymentId),
      credit_of: creditOf ?? null,
      description: row.description,
      number_token: row.numberToken,
      total: centsToUsd(row.total),
      vat_amount: centsToUsd(row.vatAmount),
      net_amount: centsToUsd(row.total - row.vatAmount),
      vat_rate: vatRatePercent(row.vatRateBasisPoints),
      card_brand: row.cardBrand,
      card_last4: row.cardLast4,
      seller: row.seller,
      buyer: row.buyer,
      credit_notes: notes,
    };
  }

  async function read(id: number, userId: number | undefined): Promise<Invoice> {
    const row = await findInvoice(db, id, userId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.invoiceNotFound);
    return toDto(row);
  }

  return {
    /** The invoice of a payment just recorded as succeeded, in that same transaction. */
    async issueInvoice(
      tx: Database,
      input: { payment: PaymentRow; description: string; card: GatewayCard | null },
    ): Promise<InvoiceRow> {
      const { payment, card } = input;
      const { vatRateBasisPoints } = await settings.current(tx);
      return issue(tx, {
        kind: 'invoice',
        paymentId: payment.id,
        userId: payment.userId,
        creditOf: null,
        description: input.description,
        numberToken: payment.numberToken,
        total: payment.amount,
        vatAmount: vatOfTotal(payment.amount, vatRateBasisPoints),
        vatRateBasisPoints,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        seller: await seller(tx),
        buyer: await buyer(tx, payment.userId),
      });
    },

    /**
     * A credit note for `cents` of a payment that went back, at the rate of the invoice it corrects and
     * between the same parties. Payments from before invoices existed have none to refer to: no note.
     */
    async issueCreditNote(tx: Database, paymentId: number, cents: number): Promise<InvoiceRow | undefined> {
      const invoice = await findInvoiceOfPayment(tx, paymentId);
      if (!invoice || cents <= 0) return undefined;
      // The VAT of everything credited so far, less what earlier notes took: rounded once over the sum,
      // so the notes of a payment refunded in full take back exactly the invoice's VAT. Refunds of one
      // payment are serialised on its row, so `earlier` is complete.
      const earlier = await creditedSoFar(tx, invoice.id);
      return issue(tx, {
        kind: 'credit_note',
        paymentId,
        userId: invoice.userId,
        creditOf: invoice.id,
        description: invoice.description,
        numberToken: invoice.numberToken,
        total: cents,
        vatAmount: vatOfTotal(earlier.total + cents, invoice.vatRateBasisPoints) - earlier.vat,
        vatRateBasisPoints: invoice.vatRateBasisPoints,
        cardBrand: invoice.cardBrand,
        cardLast4: invoice.cardLast4,
        seller: invoice.seller,
        buyer: invoice.buyer,
      });
    },

    /** A learner's own document (another's reads as unknown), or any with `userId` undefined (admins). */
    get: read,

    async pdf(id: number, userId: number | undefined): Promise<{ filename: string; body: Buffer }> {
      const invoice = await read(id, userId);
      return { filename: `${invoice.number}.pdf`, body: await renderInvoicePdf(invoice) };
    },

    async billingDetails(userId: number): Promise<BillingDetails> {
      const row = await findBillingDetails(db, userId);
      if (!row) return EMPTY_BILLING;
      return { name: row.name, address: row.address, country: row.country, vat_number: row.vatNumber };
    },

    async saveBillingDetails(userId: number, body: BillingDetailsBody): Promise<BillingDetails> {
      const values = billingDetailsBodySchema.parse(body);
      const row = await saveBillingDetails(db, {
        userId,
        name: values.name,
        address: values.address,
        country: values.country,
        vatNumber: values.vat_number,
        updatedAt: nowOf(clock),
      });
      return { name: row.name, address: row.address, country: row.country, vat_number: row.vatNumber };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;

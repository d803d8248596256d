import { z } from 'zod';
import { envelope } from './common.ts';
import { binaryFileSchema } from './files.ts';
import {
  LEGAL_NAME_MAX_LENGTH,
  optionalLine,
  optionalText,
  VAT_NUMBER_MAX_LENGTH,
} from './school-settings.ts';

// Invoices and credit notes (docs/payments.md#invoices): every succeeded payment has one invoice, every
// refund a credit note that refers to it. Prices are VAT included (SPEC.md); the VAT is the part of them.

export const BILLING_ADDRESS_MAX_LENGTH = 500;
export const BILLING_COUNTRY_MAX_LENGTH = 100;

/** A learner's billing details, all optional: empty fields leave the account's name on the invoice. */
export const billingDetailsBodySchema = z.object({
  name: optionalLine('The name or company', LEGAL_NAME_MAX_LENGTH),
  address: optionalText('The address', BILLING_ADDRESS_MAX_LENGTH),
  country: optionalLine('The country', BILLING_COUNTRY_MAX_LENGTH),
  vat_number: optionalLine('The VAT number', VAT_NUMBER_MAX_LENGTH),
});
export type BillingDetailsBody = z.input<typeof billingDetailsBodySchema>;
export const billingDetailsSchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string(),
  vat_number: z.string(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export const billingDetailsResponseSchema = envelope(billingDetailsSchema);

export const invoicePartySchema = billingDetailsSchema.extend({ email: z.string() });
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

/** One invoice or credit note as issued; amounts in USD, VAT included in `total`. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  /** 2026-000123, or CN-2026-000004 for a credit note. */
  number: z.string(),
  issued_at: z.string(),
  payment_id: z.number().int(),
  /** The payment's reference (TE-000042). */
  payment_reference: z.string(),
  /** A credit note's invoice number; null on an invoice. */
  credit_of: z.string().nullable(),
  description: z.string(),
  number_token: z.number().int(),
  total: z.number(),
  vat_amount: z.number(),
  net_amount: z.number(),
  /** Percent. */
  vat_rate: z.number(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  /** On an invoice: the credit notes issued against it so far. */
  credit_notes: z.array(z.object({ id: z.number().int(), number: z.string() })),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = envelope(invoiceSchema);

/** VAT in cents of a VAT-included total, rounded half up on the cent; rate in hundredths of a percent. */
export function vatOfTotal(totalCents: number, rateBasisPoints: number): number {
  const divisor = 10_000 + rateBasisPoints;
  return Math.floor((2 * totalCents * rateBasisPoints + divisor) / (2 * divisor));
}

export const invoicePdfSchema = binaryFileSchema('The invoice or credit note as a PDF file.');

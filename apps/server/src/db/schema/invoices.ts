import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { users } from './users';

/** A learner's details for their invoices (a company paying for an employee's classes); all optional. */
export const billingDetails = pgTable('billing_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 200 }).notNull().default(''),
  address: varchar('address', { length: 500 }).notNull().default(''),
  country: varchar('country', { length: 100 }).notNull().default(''),
  vatNumber: varchar('vat_number', { length: 40 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type BillingDetailsRow = typeof billingDetails.$inferSelect;

/**
 * The last number given in each series and year. The row is locked FOR UPDATE by the transaction that
 * records the payment, so numbers are handed out one after the other and a rolled-back payment gives
 * its number back: the series has no gaps.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: smallint('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** Who sold and who bought, as they were when the document was issued. */
export type InvoiceParty = {
  name: string;
  address: string;
  country: string;
  vat_number: string;
  email: string;
};

/** An invoice for a succeeded payment, or a credit note for money of it that went back. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    // 2026-000123, or CN-2026-000004 for a credit note.
    number: varchar('number', { length: 20 }).notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // The invoice a credit note corrects.
    creditOf: integer('credit_of').references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    numberToken: integer('number_token').notNull(),
    // USD cents, VAT included; positive on credit notes too (the document says it is a credit).
    total: integer('total').notNull(),
    vatAmount: integer('vat_amount').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    cardBrand: varchar('card_brand', { length: 30 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_kind_year_sequence_unique').on(t.kind, t.year, t.sequence),
    // One invoice per payment; credit notes as many as refunds.
    uniqueIndex('invoices_one_per_payment').on(t.paymentId).where(sql`${t.kind} = 'invoice'`),
    index('invoices_payment_id_idx').on(t.paymentId),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_amounts_check', sql`${t.total} >= 0 and ${t.vatAmount} between 0 and ${t.total}`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

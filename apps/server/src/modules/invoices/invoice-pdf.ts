import type { Invoice, InvoiceParty } from '@tokenly/contract/invoices';
import PDFDocument from 'pdfkit';

// The invoice as a PDF file, drawn with pdfkit (docs/payments.md#invoices says why that library). It is
// in English, the language of the accounts, with the PDF standard font Helvetica, which is embedded in
// every reader and covers Latin script (Windows-1252): other characters print as "?", and the invoice's
// page shows them as written.

const MARGIN = 50;
const usd = (amount: number) => `${amount.toFixed(2)} USD`;

/** What Helvetica's WinAnsi encoding can print; anything else would come out as stray glyphs. */
export function printable(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff€]/gu, '?');
}

function partyLines(party: InvoiceParty): string[] {
  return [
    party.name,
    ...party.address.split('\n'),
    party.country,
    party.vat_number && `VAT number: ${party.vat_number}`,
    party.email,
  ].filter((line) => line.trim() !== '');
}

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const credit = invoice.kind === 'credit_note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`,
      Author: printable(invoice.seller.name),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (value: string, options?: PDFKit.Mixins.TextOptions) => doc.text(printable(value), options);

  doc.font('Helvetica-Bold').fontSize(20);
  text(`${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  text(`Date of issue: ${invoice.issued_at.slice(0, 10)}`);
  text(`Payment: ${invoice.payment_reference}`);
  if (invoice.credit_of) text(`Credits invoice ${invoice.credit_of}`);

  const top = doc.moveDown(1.5).y;
  const half = (doc.page.width - 2 * MARGIN) / 2;
  doc.font('Helvetica-Bold').text('Seller', MARGIN, top);
  doc.font('Helvetica');
  for (const line of partyLines(invoice.seller)) text(line, { width: half - 10 });
  const sellerBottom = doc.y;
  doc.font('Helvetica-Bold').text('Buyer', MARGIN + half, top);
  doc.font('Helvetica');
  for (const line of partyLines(invoice.buyer)) text(line, { width: half - 10 });
  doc.x = MARGIN;
  doc.y = Math.max(sellerBottom, doc.y);

  doc.moveDown(2).font('Helvetica-Bold');
  text(`${invoice.description} (${invoice.number_token} tokens)`);
  doc.font('Helvetica').moveDown(0.5);
  const rows: [string, string][] = [
    ['Net amount', usd(invoice.net_amount)],
    [`VAT ${invoice.vat_rate}%`, usd(invoice.vat_amount)],
    [credit ? 'Total credited (VAT included)' : 'Total (VAT included)', usd(invoice.total)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    text(label, { width: half });
    doc.text(value, MARGIN + half, y, { width: half, align: 'right' });
    doc.x = MARGIN;
  }
  doc.moveDown(1);
  const card =
    invoice.card_brand && invoice.card_last4 ? ` (${invoice.card_brand} ending ${invoice.card_last4})` : '';
  text(credit ? `Refunded to the card${card}.` : `Paid by card${card}.`);
  doc.end();
  return done;
}

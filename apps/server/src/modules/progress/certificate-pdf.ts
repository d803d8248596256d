import type { Certificate } from '@tokenly/contract/progress';
import PDFDocument from 'pdfkit';
import { printable } from '../invoices/invoice-pdf';

// The certificate of attendance as a PDF file, drawn with pdfkit like the invoices (docs/payments.md says
// why that library), in English with the standard font Helvetica, so the same limits apply to names.

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDay = (isoDay: string) => dayFormat.format(Date.parse(`${isoDay}T00:00:00Z`));

/** "12.5 hours": minutes of class as hours, to the tenth. */
export const hoursOf = (minutes: number) => `${Math.round(minutes / 6) / 10} hours`;

export function renderCertificatePdf(certificate: Certificate, verifyUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 60,
    info: {
      Title: `Certificate of attendance ${certificate.code}`,
      Author: printable(certificate.school_name),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = (value: string, size: number, bold = false) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(printable(value), { align: 'center' })
      .moveDown(0.6);
  const classes = `${certificate.classes} ${certificate.classes === 1 ? 'class' : 'classes'}`;

  doc.moveDown(2);
  line(certificate.school_name, 16, true);
  line('Certificate of attendance', 30, true);
  line('This certifies that', 13);
  line(certificate.learner_name, 24, true);
  line(
    `attended ${classes} of English, ${hoursOf(certificate.minutes)} in all, ` +
      `from ${longDay(certificate.from)} to ${longDay(certificate.to)}.`,
    13,
  );
  if (certificate.level) line(`Level (CEFR): ${certificate.level}`, 13);
  line(`Issued on ${longDay(certificate.issued_at.slice(0, 10))}`, 11);
  doc.moveDown(1);
  line(`Verification code: ${certificate.code}`, 11, true);
  line(`Check it at ${verifyUrl}`, 11);
  doc.end();
  return done;
}

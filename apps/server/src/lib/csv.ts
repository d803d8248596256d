import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** A CSV download: the file name and its text. */
export type CsvFile = { filename: string; body: string };

/**
 * RFC 4180 text (CRLF line ends, fields quoted when they hold a comma, a quote or a line break), with a
 * byte-order mark so spreadsheets read it as UTF-8. Cells starting with = + - @ or a tab are prefixed
 * with ' (csv-stringify's escape_formulas): a learner named "=HYPERLINK(...)" must stay text when the
 * accountant opens the file. Numbers are written by the caller, as text, so amounts keep two decimals.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify([header, ...rows], { record_delimiter: 'windows', escape_formulas: true })}`;
}

/** USD with exactly two decimals, the way accounting software reads amounts. */
export const usdCell = (cents: number) => (cents / 100).toFixed(2);

/** Sends a CSV export as a download. */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

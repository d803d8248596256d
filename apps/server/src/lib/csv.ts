import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

type CsvRow = readonly string[];

/**
 * A CSV download: the file name, its header and its rows in batches. The batches are read one at a
 * time while the client takes the file in, so a school's whole history is never held in memory; the
 * source stops fetching once `signal` is aborted (the client went away).
 */
export type CsvFile = {
  filename: string;
  header: CsvRow;
  batches: (signal: AbortSignal) => AsyncIterable<readonly CsvRow[]>;
};

/**
 * How many rows an export reads per query: few enough that reading and writing one batch holds the event
 * loop well under the 50 ms other requests may wait (docs/performance.md), many enough that the query per
 * batch costs little beside its rows.
 */
export const CSV_BATCH_SIZE = 200;

/**
 * RFC 4180 text (CRLF line ends, fields quoted when they hold a comma, a quote or a line break). Cells
 * starting with = + - @ or a tab are prefixed with ' (csv-stringify's escape_formulas): a learner named
 * "=HYPERLINK(...)" must stay text when the accountant opens the file. Numbers are written by the caller,
 * as text, so amounts keep two decimals.
 */
const csvLines = (rows: readonly CsvRow[]) =>
  stringify([...rows], { record_delimiter: 'windows', escape_formulas: true });

/** USD with exactly two decimals, the way accounting software reads amounts. */
export const usdCell = (cents: number) => (cents / 100).toFixed(2);

/**
 * Batches read by keyset: `fetch` gets the last row of the previous batch (none for the first) and how
 * many rows came before, and returns up to `size` rows after it in the export's order; a shorter batch is
 * the last. Between batches the event loop serves other requests first, so an export never stalls the
 * school's bookings.
 */
export async function* keysetBatches<Row>(
  signal: AbortSignal,
  fetch: (after: Row | undefined, size: number, fetched: number) => Promise<Row[]>,
  size = CSV_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  let fetched = 0;
  while (!signal.aborted) {
    const batch = await fetch(after, size, fetched);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = batch.at(-1);
    fetched += batch.length;
    await nextTurn();
  }
}

/**
 * Sends a CSV export as a download, streamed: a byte-order mark (so spreadsheets read UTF-8) and the
 * header go out at once, then each batch as it is read. Node's stream back-pressure means a slow reader
 * only holds the next batch; a closed connection aborts the source before its next query.
 */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  async function* text() {
    yield `\uFEFF${csvLines([file.header])}`;
    for await (const rows of file.batches(gone.signal)) yield csvLines(rows);
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(Readable.from(text(), { objectMode: false }));
}

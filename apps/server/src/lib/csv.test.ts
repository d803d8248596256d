import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { CSV_BATCH_SIZE, keysetBatches, sendCsv } from './csv';

// Rows of about 100 bytes.
const CELL = 'x'.repeat(90);
const ROW_BYTES = 100;

/** A real HTTP server whose one route streams a large export, counting the batches it was asked for. */
async function exportServer(batches: number) {
  const source = { fetched: 0, aborted: false };
  const app = Fastify();
  app.get('/export.csv', (_request, reply) =>
    sendCsv(reply, {
      filename: 'big.csv',
      header: ['n', 'text'],
      batches: (signal) => {
        signal.addEventListener('abort', () => {
          source.aborted = true;
        });
        return keysetBatches(signal, async (after: readonly string[] | undefined, size) => {
          source.fetched += 1;
          if (source.fetched > batches) return [];
          const start = after === undefined ? 0 : Number(after[0]) + 1;
          return Array.from({ length: size }, (_, index) => [String(start + index), CELL]);
        });
      },
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, source, url: `http://127.0.0.1:${port}/export.csv` };
}

describe('streamed CSV exports', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('reads no further ahead than a slow reader takes, and stops reading when the reader goes away', async () => {
    // 200 MB of CSV: far more than the socket and stream buffers hold (loopback's hold a few MB).
    const BATCHES = Math.round(200_000_000 / (CSV_BATCH_SIZE * ROW_BYTES));
    const { app, source, url } = await exportServer(BATCHES);
    close = () => app.close();
    const request = get(url);
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="big.csv"');
    response.pause();
    // The reader takes nothing for a while: the server fills the socket and its stream buffers, then waits.
    await sleep(500);
    const whileWaiting = source.fetched;
    await sleep(300);
    expect(source.fetched).toBe(whileWaiting);
    expect(whileWaiting).toBeLessThan(BATCHES / 10);

    // The reader reads a little: only what was taken is read again from the source.
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 2_000_000) response.pause();
    });
    response.resume();
    await eventually(() => received > 2_000_000, 'the reader to take 2 MB');
    await sleep(300);
    expect(source.fetched).toBeLessThan(BATCHES / 10);

    // The reader hangs up: the source is told, and asked for no more batches.
    request.destroy();
    await eventually(() => source.aborted, 'the source to hear the reader is gone');
    const atClose = source.fetched;
    await sleep(300);
    expect(source.fetched).toBeLessThanOrEqual(atClose + 1);
    expect(source.fetched).toBeLessThan(BATCHES / 10);
  });

  it('sends the whole file, byte-order mark and header first, to a reader that takes it all', async () => {
    const BATCHES = 40;
    const { app, source, url } = await exportServer(BATCHES);
    close = () => app.close();
    const request = get(url);
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.startsWith('\uFEFFn,text\r\n0,')).toBe(true);
    const lines = text.split('\r\n');
    // The header, every row, and the empty string after the last line end.
    expect(lines).toHaveLength(1 + BATCHES * CSV_BATCH_SIZE + 1);
    expect(lines.at(-2)).toBe(`${BATCHES * CSV_BATCH_SIZE - 1},${CELL}`);
    expect(source.aborted).toBe(false);
  });
});

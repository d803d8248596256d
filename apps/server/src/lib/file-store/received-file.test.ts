import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadName, receiveClassFile } from './received-file';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pieces = (...parts: Buffer[]) => Readable.from(parts);

describe('an uploaded class file', () => {
  it('is told by its content and given back whole', async () => {
    const big = Buffer.alloc(200 * 1024, 7);
    const pdf = await receiveClassFile(pieces(PDF, big), 1024 * 1024);
    expect([pdf.contentType, pdf.extension]).toEqual(['application/pdf', 'pdf']);
    expect(await buffer(pdf.body)).toEqual(Buffer.concat([PDF, big]));
    const png = await receiveClassFile(pieces(PNG), 1024);
    expect(png.contentType).toBe('image/png');
  });

  it('is refused when its content is not an accepted kind, whatever its name, or empty', async () => {
    for (const content of [Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(0)]) {
      await expect(receiveClassFile(pieces(content), 1024)).rejects.toMatchObject({
        statusCode: 422,
        fieldErrors: { file: [expect.stringContaining('not accepted')] },
      });
    }
  });

  it('fails past the limit, in its sample or while it streams', async () => {
    await expect(receiveClassFile(pieces(PDF, Buffer.alloc(2 * 1024 * 1024)), 1024 * 1024)).rejects.toThrow(
      'larger than the limit of 1 MB',
    );
    const streamed = await receiveClassFile(
      pieces(PDF, Buffer.alloc(64 * 1024), Buffer.alloc(1024 * 1024)),
      1024 * 1024,
    );
    await expect(buffer(streamed.body)).rejects.toThrow('larger than the limit of 1 MB');
  });

  it('is downloaded under its own name with the extension of its content', () => {
    expect(downloadName('C:\\Users\\ana\\Unit 3 — worksheet.html', 'pdf')).toBe('Unit 3 — worksheet.pdf');
    expect(downloadName('..', 'png')).toBe('file.png');
    expect(attachmentDisposition('Unit 3 — "final".pdf')).toBe(
      `attachment; filename="Unit 3 _ _final_.pdf"; filename*=UTF-8''Unit%203%20%E2%80%94%20%22final%22.pdf`,
    );
  });
});

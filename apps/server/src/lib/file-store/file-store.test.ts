import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorageConfig } from '../../config/env';
import { startS3StandIn } from '../../test/s3-stand-in';
import { createFileStore } from './create-file-store';
import { type FileStore, newFileKey } from './file-store';

// The same promises of both stores: what is put comes back with its type and size, a failed upload keeps
// nothing, and a deleted or unknown key is no file.

const stores: [string, () => Promise<{ storage: FileStorageConfig; stop: () => Promise<void> }>][] = [
  [
    'disk',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tokenly-files-'));
      return { storage: { kind: 'disk', dir }, stop: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  ['S3 API', startS3StandIn],
];

describe.each(stores)('file store on %s', (_kind, start) => {
  let store: FileStore;
  let storage: FileStorageConfig;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await start());
    store = createFileStore(storage);
  });
  afterAll(() => stop());

  it('gives back a buffer and a stream with their content type and size, until deleted', async () => {
    const pdf = newFileKey('materials');
    const audio = newFileKey('materials');
    expect(pdf).toMatch(/^materials\/[A-Za-z0-9_-]{22}$/);
    await expect(store.put(pdf, Buffer.from('%PDF-1.4 worksheet'), 'application/pdf')).resolves.toEqual({
      size: 18,
    });
    // Larger than one chunk of a file stream, given in pieces of unknown total length.
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(4096, 65 + (i % 26)));
    await expect(store.put(audio, Readable.from(chunks), 'audio/mpeg')).resolves.toEqual({ size: 40 * 4096 });

    const got = await store.get(pdf);
    expect({ contentType: got?.contentType, size: got?.size }).toEqual({
      contentType: 'application/pdf',
      size: 18,
    });
    expect(got && (await text(got.body))).toBe('%PDF-1.4 worksheet');
    const streamed = await store.get(audio);
    expect(streamed?.contentType).toBe('audio/mpeg');
    expect(streamed && (await text(streamed.body))).toBe(Buffer.concat(chunks).toString());

    await store.delete(pdf);
    await expect(store.get(pdf)).resolves.toBeUndefined();
    await store.delete(pdf);
    await expect(store.get(newFileKey('materials'))).resolves.toBeUndefined();
  });

  it('keeps nothing of an upload whose stream fails', async () => {
    const key = newFileKey('homework');
    async function* dropped() {
      yield Buffer.from('the first part');
      throw new Error('the connection dropped');
    }
    await expect(store.put(key, Readable.from(dropped()), 'application/pdf')).rejects.toThrow(
      'the connection dropped',
    );
    await expect(store.get(key)).resolves.toBeUndefined();
    if (storage.kind === 'disk') expect(await readdir(join(storage.dir, 'homework'))).toEqual([]);
  });

  it('refuses a key that is a path of its own', async () => {
    await expect(store.get('materials/../../etc/passwd')).rejects.toThrow('not a file key');
  });
});

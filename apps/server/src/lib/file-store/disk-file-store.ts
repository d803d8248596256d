import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFileKey, type FileBody, type FileStore } from './file-store';

// Each file is two entries: its bytes under the key, and its content type beside it (`<key>.type`). The
// bytes are written to a temporary name and renamed into place, so a reader never sees half a file and a
// failed upload leaves nothing behind.

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createDiskFileStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    checkFileKey(key);
    return join(dir, key);
  };

  return {
    async put(key, body: FileBody, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await writeFile(`${path}.type`, contentType);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await stat(path)).size };
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const [contentType, { size }] = await Promise.all([readFile(`${path}.type`, 'utf8'), stat(path)]);
        return { body: createReadStream(path), contentType, size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}

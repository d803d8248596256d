import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore } from '../lib/file-store/create-file-store';

/** A file store on disk in a fresh temporary folder, for code that runs without an app (the seed). */
export function temporaryFileStore() {
  const dir = mkdtempSync(join(tmpdir(), 'tokenly-files-'));
  return {
    files: createFileStore({ kind: 'disk', dir }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

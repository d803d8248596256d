import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

// Uploaded files (class materials, homework): kept on disk under DATA_DIR or in an S3 bucket, and served
// only through the API after an access check (DESIGN.md section 7, Files). The store knows nothing of who
// may read a file: callers keep each key in a row of their own and check access there.

export type FileBody = Buffer | Readable;

export type StoredFile = { body: Readable; contentType: string; size: number };

export interface FileStore {
  /**
   * Keeps the body under the key with its content type, replacing any file of that key. Resolves once the
   * file is stored, with its size; when the body stream fails (a limit, a dropped upload) nothing is kept
   * and the stream's error is thrown.
   */
  put(key: string, body: FileBody, contentType: string): Promise<{ size: number }>;
  /** The file and what to serve it as, or undefined when no file has this key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; removing a key that holds none is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * A key of a new file, in a folder named after what it holds (`materials`, `homework`): 128 random bits,
 * so a key is never guessed, and only letters, digits, `-` and `_`, so it is a safe path on disk.
 */
export function newFileKey(folder: string): string {
  if (!FOLDER.test(folder)) throw new Error(`not a file folder name: ${folder}`);
  return `${folder}/${randomBytes(16).toString('base64url')}`;
}

const FOLDER = /^[a-z0-9-]+$/;
const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]+$/;

/** Refuses a key newFileKey could not have made (a path of its own, `..`): a programming error. */
export function checkFileKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a file key: ${key}`);
}

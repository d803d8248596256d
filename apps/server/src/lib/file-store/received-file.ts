import { Readable } from 'node:stream';
import { CLASS_FILE_TYPES, type ClassFileType, MEGABYTE } from '@tokenly/contract/files';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../app-error';

// An uploaded file is told by its first bytes, not by its name or the type the browser claims: a page
// named worksheet.pdf is refused. Office files are zip archives, and file-type reads the entries at the
// archive's start to tell slides from documents: the sample is large enough for them.
const SAMPLE_BYTES = 64 * 1024;

/** The field a refusal names (the form's file input). */
const FIELD = 'file';

const refuse = (message: string) => new AppError('VALIDATION', message, { [FIELD]: [message] });

export const fileTooLarge = (maxBytes: number) =>
  refuse(`The file is larger than the limit of ${Math.floor(maxBytes / MEGABYTE)} MB.`);

export const NOT_ACCEPTED =
  'This kind of file is not accepted: upload a PDF, slides (PPTX, ODP), a document (DOCX, ODT), a picture (JPEG, PNG, GIF, WebP) or audio (MP3, M4A, OGG, WAV).';

export type ReceivedFile = {
  contentType: ClassFileType;
  /** The extension the file's name should end with, for its content type. */
  extension: string;
  /** The whole file, sample first; it fails with a 422 AppError once past the limit. */
  body: Readable;
};

/**
 * Reads the start of an upload to tell its type (a 422 AppError when it is not one of CLASS_FILE_TYPES,
 * or empty), and gives the whole file back as a stream bounded by maxBytes, to hand to the file store.
 */
export async function receiveClassFile(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<ReceivedFile> {
  const chunks = source[Symbol.asyncIterator]();
  const sample: Buffer[] = [];
  let sampled = 0;
  let ended = false;
  while (sampled < SAMPLE_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    sample.push(next.value);
    sampled += next.value.length;
  }
  if (sampled > maxBytes) throw fileTooLarge(maxBytes);
  const head = Buffer.concat(sample);
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (!detected || !(detected.mime in CLASS_FILE_TYPES)) throw refuse(NOT_ACCEPTED);
  const contentType = detected.mime as ClassFileType;

  async function* whole() {
    yield head;
    if (ended) return;
    let size = head.length;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      size += next.value.length;
      if (size > maxBytes) throw fileTooLarge(maxBytes);
      yield next.value;
    }
  }
  return { contentType, extension: CLASS_FILE_TYPES[contentType], body: Readable.from(whole()) };
}

/**
 * The name a download is offered under: the uploader's name without folders or control characters, its
 * extension the one of its content, so a file is never opened as something it is not.
 */
export function downloadName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    // A name of dots alone would be a hidden file, or no name, once saved.
    .replace(/^\.+/, '')
    .slice(0, 150);
  return `${base || 'file'}.${extension}`;
}

/**
 * Content-Disposition of a download (RFC 6266): saved, never shown in the page, under its name; an ASCII
 * fallback for old clients and the UTF-8 name (RFC 8187) for the rest.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

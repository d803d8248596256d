import { z } from 'zod';

// The files a school keeps for its classes (materials, homework): what kinds are taken, told by their
// content on the server, and named here so the web app's file pickers offer the same ones.

/** Each accepted content type with the extension a downloaded file gets. */
export const CLASS_FILE_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
} as const satisfies Record<string, string>;

export type ClassFileType = keyof typeof CLASS_FILE_TYPES;

/** For a file input's `accept`: the types and their extensions. */
export const CLASS_FILE_ACCEPT = Object.entries(CLASS_FILE_TYPES)
  .flatMap(([type, extension]) => [type, `.${extension}`])
  .join(',');

export const MEGABYTE = 1024 * 1024;

/** A download's body in the API document: the file itself, described for its reader. */
export const binaryFileSchema = (description: string) => z.string().meta({ format: 'binary', description });

/** A stored class file (material or homework), served with its own content type. */
export const classFileSchema = binaryFileSchema('The file, with its own content type.');

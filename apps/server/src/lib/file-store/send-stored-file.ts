import type { FastifyReply } from 'fastify';
import type { StoredFile } from './file-store';
import { attachmentDisposition } from './received-file';

/**
 * Answers with a stored file as a download under the given name: its own content type (which the
 * security headers' nosniff keeps browsers to) and length, streamed from the store.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, name: string) {
  return reply
    .type(file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(name))
    .send(file.body);
}

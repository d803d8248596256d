import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * ICU messages as Lingui's runtime reads them: parsed once, at build time for the browser (which then
 * needs no parser) and at start for the server's mails.
 */
export function compileCatalog(messages: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
}

import { lookUpMessage } from '@tokenly/contract/message-lookup';
import { isMessageKey, type MessageValues } from '@tokenly/contract/messages';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { i18n } from './i18n';

// The contract's messages are English (the server's answers keep them for API clients). A message of
// MESSAGES is shown in the page's language through its `errors.<key>` translation, with the values read
// back from its text or sent beside it; any other text is shown as it came. i18n-keys: errors.*

/**
 * An English message of the contract or the server, in the page's language when it has a translation.
 * `code` and `values` are what the server's error body says about it.
 */
export function translateMessage(message: string, code?: string, values?: MessageValues): string {
  // Before the first language is active (the catalog did not arrive) there is nothing to look up.
  if (!i18n.locale) return message;
  // Values sent with the code are the ones the message was written with (its text may not show them all).
  const found = code && values && isMessageKey(code) ? { key: code, values } : lookUpMessage(message, code);
  if (!found) return message;
  const id = `errors.${found.key}`;
  const translated = i18n._(id, found.values);
  return translated === id ? message : translated;
}

function translateErrors<T extends FieldValues>(errors: FieldErrors<T>): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node).map(([key, value]) => {
      // `ref` is the field's DOM element: left as it is.
      if (key === 'ref') return [key, value];
      if (key === 'message' && typeof value === 'string') return [key, translateMessage(value)];
      return [key, walk(value)];
    });
    return Object.fromEntries(entries);
  };
  return walk(errors) as FieldErrors<T>;
}

/** A form's resolver whose messages (the contract's schemas', English) read in the page's language. */
export function localizedResolver<Input extends FieldValues, Context, Output>(
  resolver: Resolver<Input, Context, Output>,
): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return { ...result, errors: translateErrors(result.errors) } as typeof result;
  };
}

import { MESSAGES } from '@tokenly/contract/messages';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { i18n } from './i18n';

// The contract's messages are English (the server's answers keep them for API clients). A message of
// MESSAGES is shown in the page's language through its `errors.<key>` translation; any other text is
// shown as it came. i18n-keys: errors.*

const KEY_OF_MESSAGE = new Map<string, string>(
  Object.entries(MESSAGES).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, key] as const] : [],
  ),
);

/** An English message of the contract or the server, in the page's language when it has a translation. */
export function translateMessage(message: string, code?: string): string {
  const key = code && code in MESSAGES ? code : KEY_OF_MESSAGE.get(message);
  // Before the first language is active (the catalog did not arrive) there is nothing to look up.
  if (!key || !i18n.locale) return message;
  const id = `errors.${key}`;
  const translated = i18n._(id);
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

import { isMessageKey, MESSAGES, type MessageKey, type MessageValues } from './messages.ts';

// Which MESSAGES entry an English text is, with its values: the server names it in an error's `code`,
// and the web app shows its translation for texts that come without one (a form's own validation, a
// success answer). No zod here, for the same reason as messages.ts.

export type FoundMessage = { key: MessageKey; values?: MessageValues };

type Template = { key: MessageKey; pattern: RegExp; names: string[] };
type Entry = (typeof MESSAGES)[MessageKey];

// Never in a message: it marks where a value goes when an entry is called with its names for values.
const MARK = '\u0000';
const NUMBER = /^-?\d+(\.\d+)?$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An entry's text as a pattern, its values as groups: called with a stand-in that answers every name with the name. */
function templateOf(key: MessageKey, build: (values: never) => string): Template {
  const names: string[] = [];
  const stand = new Proxy(
    {},
    { get: (_, name) => (typeof name === 'string' ? `${MARK}${name}${MARK}` : '') },
  );
  const pieces = build(stand as never).split(MARK);
  const source = pieces
    .map((piece, index) => {
      if (index % 2 === 0) return escapeRegExp(piece);
      names.push(piece);
      return '(.+?)';
    })
    .join('');
  return { key, pattern: new RegExp(`^${source}$`, 's'), names };
}

let keyOfText: Map<string, MessageKey> | undefined;
let templates: Map<MessageKey, Template> | undefined;

function indexes() {
  if (!keyOfText || !templates) {
    keyOfText = new Map();
    templates = new Map();
    for (const [key, entry] of Object.entries(MESSAGES) as [MessageKey, Entry][]) {
      if (typeof entry === 'string') keyOfText.set(entry, key);
      else templates.set(key, templateOf(key, entry as (values: never) => string));
    }
  }
  return { keyOfText, templates };
}

function read(template: Template, text: string): FoundMessage | undefined {
  const match = template.pattern.exec(text);
  if (!match) return undefined;
  const values: MessageValues = {};
  template.names.forEach((name, index) => {
    const value = match[index + 1] ?? '';
    // Plurals select on numbers.
    values[name] = NUMBER.test(value) ? Number(value) : value;
  });
  return { key: template.key, values };
}

/**
 * The entry a text is, and its values; `code`, when the server named it, decides between entries. An
 * entry whose English varies by more than its values (a plural) is read back only for the values that
 * keep the pattern's words: the server sends the values of those with the code.
 */
export function lookUpMessage(text: string, code?: string): FoundMessage | undefined {
  const { keyOfText, templates } = indexes();
  if (code !== undefined && isMessageKey(code)) {
    const template = templates.get(code);
    return template ? read(template, text) : { key: code };
  }
  const key = keyOfText.get(text);
  if (key) return { key };
  for (const template of templates.values()) {
    const found = read(template, text);
    if (found) return found;
  }
  return undefined;
}

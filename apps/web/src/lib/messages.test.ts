import { setupI18n } from '@lingui/core';
import { lookUpMessage } from '@tokenly/contract/message-lookup';
import { MESSAGES, type MessageKey, type MessageValues } from '@tokenly/contract/messages';
import { placeholdersOf, readCatalogs } from '@tokenly/i18n/check-catalogs';
import { compileCatalog } from '@tokenly/i18n/compile';
import { describe, expect, it } from 'vitest';
import { translateMessage } from './form-errors';
import { i18n } from './i18n';

// The contract's English messages and their `errors.<key>` translations are one list kept in two places:
// this holds the English catalog to MESSAGES, word for word, so a message changed on one side only (the
// server's answer, or the text the web app translates) fails here rather than showing English to a
// learner.

const catalogs = readCatalogs(new URL('../../../../packages/i18n/catalogs/', import.meta.url));
const english = catalogs.en.errors;
const entries = Object.entries(MESSAGES) as [MessageKey, (typeof MESSAGES)[MessageKey]][];
const templates = entries.filter(
  (entry): entry is [MessageKey, (values: MessageValues) => string] => typeof entry[1] === 'function',
);

const englishI18n = setupI18n({ locale: 'en', messages: { en: compileCatalog(english) } });

/** Values for a message's placeholders: `count` for its plurals, a word for the rest. */
function sampleValues(message: string, count: number): MessageValues {
  return Object.fromEntries(
    placeholdersOf(message)
      .filter((placeholder) => !placeholder.startsWith('<'))
      .map((placeholder) => {
        const [name = '', kind] = placeholder.split(':');
        return [name, kind === 'plural' ? count : `sample-${name}`];
      }),
  );
}

describe('MESSAGES and the errors catalog', () => {
  it('has an English errors.<key> for every entry, and no other', () => {
    expect(Object.keys(english).sort()).toEqual(entries.map(([key]) => `errors.${key}`).sort());
  });

  it.each(entries.filter(([, entry]) => typeof entry === 'string'))('errors.%s is the entry', (key, text) => {
    expect(english[`errors.${key}`]).toBe(text);
  });

  it.each(templates)('errors.%s writes what the entry writes, for one and for several', (key, write) => {
    const message = english[`errors.${key}`] ?? '';
    for (const count of [1, 2, 7]) {
      const values = sampleValues(message, count);
      expect(englishI18n._(`errors.${key}`, values)).toBe(write(values));
    }
  });

  it('gives every entry a text of its own, so a text names one entry', () => {
    const texts = entries.map(([, entry]) => (typeof entry === 'string' ? entry : entry.toString()));
    expect(new Set(texts).size).toBe(texts.length);
    for (const [key, entry] of entries) {
      if (typeof entry === 'string') expect(lookUpMessage(entry)).toEqual({ key });
    }
  });

  it.each(templates)('reads the values of %s back from its text', (key, write) => {
    const values = sampleValues(english[`errors.${key}`] ?? '', 2);
    expect(lookUpMessage(write(values))).toEqual({ key, values });
  });
});

describe('translateMessage', () => {
  i18n.load('ja', compileCatalog(catalogs.ja.errors));
  i18n.activate('ja');

  it('shows a contract message in the page language, with the values read from its text', () => {
    expect(translateMessage(MESSAGES.classFull)).toBe(catalogs.ja.errors['errors.classFull']);
    expect(translateMessage(MESSAGES.nameTooLong({ max: 100 }))).toBe('名前は100文字以内にしてください。');
  });

  it('takes the code and values the server sent, whatever its text', () => {
    const text = MESSAGES.lateCancelUnconfirmed({ hours: 24, credits: 1 });
    expect(translateMessage(text, 'lateCancelUnconfirmed', { hours: 24, credits: 1 })).toBe(
      '無料キャンセルはクラスの24時間前に終わりました。今キャンセルすると、1クレジットは戻りません。続けるには、遅いキャンセルであることを確認してください。',
    );
  });

  it('leaves any other text as it came', () => {
    expect(translateMessage('Card declined by the bank of Narnia.')).toBe(
      'Card declined by the bank of Narnia.',
    );
  });
});

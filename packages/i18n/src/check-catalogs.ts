import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { AREAS, type Area, areaOf } from './areas.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

// What `npm test` holds every catalog to (run by `npm run lint`): the same keys in every language as in
// English, each message valid ICU with the same placeholders and tags as the English one, every plural
// with the forms its language needs, every key of a file in that file's area, and every key used by the
// code. A message written for one language and forgotten in another, or a translation that dropped
// `{name}`, fails here rather than in a learner's browser.

export type Catalogs = Record<Locale, Record<Area, Record<string, string>>>;

/** The placeholders of a message ("name", "count:plural", "<0>"), sorted: what every language must keep. */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const [tag] of token.value.matchAll(/<\/?(\d+)\/?>/g)) found.add(tag);
      } else if (token.type === 'argument') {
        found.add(token.arg);
      } else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const one of token.cases) walk(one.tokens);
      } else if (token.type === 'function') {
        found.add(`${token.arg}:${token.key}`);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** The plural categories a language's messages must give every plural (Arabic has six, Japanese one). */
const pluralForms = (locale: Locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

function missingPluralForms(message: string, locale: Locale): string[] {
  const problems: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type !== 'plural' && token.type !== 'select' && token.type !== 'selectordinal') continue;
      const keys = token.cases.map((one) => one.key);
      if (!keys.includes('other')) problems.push(`{${token.arg}} has no "other" case`);
      if (token.type === 'plural') {
        const absent = pluralForms(locale).filter((form) => !keys.includes(form));
        if (absent.length > 0) problems.push(`{${token.arg}} lacks the ${locale} forms ${absent.join(', ')}`);
      }
      for (const one of token.cases) walk(one.tokens);
    }
  };
  walk(parse(message));
  return problems;
}

export function checkCatalogs(catalogs: Catalogs, usedKey: (key: string) => boolean): string[] {
  const problems: string[] = [];
  for (const area of AREAS) {
    const english = catalogs[DEFAULT_LOCALE][area];
    for (const key of Object.keys(english)) {
      if (areaOf(key) !== area) problems.push(`${key}: in ${area}.json, but its area is "${areaOf(key)}"`);
      if (!usedKey(key)) problems.push(`${key}: no code uses it`);
    }
    for (const locale of LOCALES) {
      const catalog = catalogs[locale][area];
      for (const key of Object.keys(english)) {
        const message = catalog[key];
        if (message === undefined) {
          problems.push(`${locale}/${area}.json: ${key} is missing`);
          continue;
        }
        try {
          const expected = placeholdersOf(english[key] ?? '').join(' ');
          const got = placeholdersOf(message).join(' ');
          if (got !== expected)
            problems.push(`${locale}: ${key} has placeholders [${got}], English [${expected}]`);
          for (const problem of missingPluralForms(message, locale))
            problems.push(`${locale}: ${key}: ${problem}`);
        } catch (error) {
          problems.push(
            `${locale}: ${key} is not a valid ICU message: ${(error as Error).message.split('\n')[0]}`,
          );
        }
      }
      for (const key of Object.keys(catalog)) {
        if (!(key in english)) problems.push(`${locale}/${area}.json: ${key} is not in English`);
      }
    }
  }
  return problems;
}

/**
 * Whether the code uses a key: written out as a string (`t('auth.signup.title')`), or a key of a family
 * the code builds, declared next to it with a comment `i18n-keys: credits.reason.*`.
 */
export function keyUsage(sources: string[]): (key: string) => boolean {
  const text = sources.join('\n');
  const families = [...text.matchAll(/i18n-keys: ([\w.-]+)\.\*/g)].map(([, prefix]) => `${prefix}.`);
  return (key) =>
    text.includes(`'${key}'`) ||
    text.includes(`"${key}"`) ||
    families.some((prefix) => key.startsWith(prefix));
}

export function readCatalogs(root: URL): Catalogs {
  const read = (locale: Locale, area: Area) => {
    const file = new URL(`${locale}/${area}.json`, root);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, Object.fromEntries(AREAS.map((area) => [area, read(locale, area)]))]),
  ) as Catalogs;
}

/** Every .ts and .tsx file under the folders, tests aside. */
export function sourceFiles(folders: string[]): string[] {
  const files: string[] = [];
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else if (/\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)) {
      files.push(readFileSync(path, 'utf8'));
    }
  };
  for (const folder of folders) visit(folder);
  return files;
}

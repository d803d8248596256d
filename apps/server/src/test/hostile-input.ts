import { parse as parseQueryString } from 'node:querystring';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { z } from 'zod';

// The requests of the hostile-input test: what an attacker or a broken client sends. Each one
// knows whether the contract must refuse it, judged by the call's own zod schema where there is one.

/** SQL, markup, template and path text and odd Unicode: valid text, to be stored and shown verbatim. */
export const HOSTILE_TEXT = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "Robert'); DELETE FROM credit_lots WHERE ('1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(document.cookie)">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, meant literally.
  '{{7*7}} ${7*7} #{7*7} %s%n',
  '../../../../etc/passwd',
  'ünïcödé 日本語 עברית \u202Eevil\u202C 👩‍👩‍👧 e\u0301',
  'zero\u200Bwidth\uFEFFmarks',
  '\\u0000 is six characters of text',
  '%00%27%22%3Cscript%3E',
] as const;

/** A header injection through a line break: refused in text of one line, kept verbatim in text of several. */
export const LINE_BREAK_TEXT = 'line\r\nBcc: victim@example.test';

/** Control characters no text holds (bell, escape, C1 NEL) and a Unicode line separator: refused everywhere. */
export const CONTROL_TEXT = 'control \u0007\u001B[31m\u0085\u2028 characters';

/** Not text a database can keep: a NUL (PostgreSQL refuses it) and an unpaired surrogate. */
export const UNSTORABLE_TEXT = ['NUL\u0000byte', 'lone \uD800 surrogate'] as const;

const HOSTILE_STRINGS = [...HOSTILE_TEXT, LINE_BREAK_TEXT, CONTROL_TEXT, ...UNSTORABLE_TEXT];

export type HostileRequest = {
  label: string;
  /** Relative to /api/. */
  url: string;
  payload?: string;
  contentType?: string;
  /** The contract forbids it, so any answer but a 4xx is a defect. */
  mustRefuse: boolean;
  /** Refused by the router itself (a malformed or unknown URL), before any session is looked at. */
  beforeRouting?: boolean;
  /** The same hostile value as already sent to the first field (or query parameter), now in another. */
  repeatsKind?: boolean;
};

const JSON_TYPE = 'application/json';

/** JSON text that JSON.stringify cannot produce from a value (1e999, -0), or would need deep recursion for. */
class RawJson {
  constructor(readonly text: string) {}
}
const PLACEHOLDER = '\u0001raw\u0001';

function bodyText(base: Record<string, unknown>, field: string, value: unknown): string {
  if (!(value instanceof RawJson)) return JSON.stringify({ ...base, [field]: value });
  return JSON.stringify({ ...base, [field]: PLACEHOLDER }).replace(JSON.stringify(PLACEHOLDER), value.text);
}

function refusedBy(schema: z.ZodType, text: string): boolean {
  try {
    return !schema.safeParse(JSON.parse(text)).success;
  } catch {
    return true;
  }
}

export type JsonSchema = { type?: string; format?: string; anyOf?: JsonSchema[] };

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

/**
 * Whether a field's schema in the OpenAPI document admits the value. What the document forbids must be
 * refused even when the zod schema lets it through: z.coerce once turned [] and null into 0 and true into
 * 1 while the document said "number".
 */
function documentedAdmits(field: JsonSchema, value: unknown): boolean {
  return ajv.validate(field, value instanceof RawJson ? JSON.parse(value.text) : value);
}

const takes = (field: JsonSchema, test: (schema: JsonSchema) => boolean): boolean =>
  test(field) || (field.anyOf ?? []).some((option) => takes(option, test));
const takesNumbers = (field: JsonSchema) =>
  takes(field, (schema) => schema.type === 'number' || schema.type === 'integer');
const takesDates = (field: JsonSchema) =>
  takes(field, (schema) => schema.format === 'date' || schema.format === 'date-time');
/** Whether a field takes text in some form: free text, a choice, a date, a numeral. */
export const takesText = (field: JsonSchema) => takes(field, (schema) => schema.type === 'string');

const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
// Sent to every call, those that read no body too: once parsed, such a body overflowed the stack of
// whatever read it recursively (it reached the audit log through a call that ignores its body).
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** What goes into one field in turn: wrong types, boundary and non-finite numbers, huge and hostile text. */
const FIELD_VALUES: [label: string, value: unknown][] = [
  ['an object', {}],
  ['a query operator object', { $gt: '', $ne: null }],
  ['an array of two', [1, 2]],
  ['an array nested 10,000 deep', new RawJson(DEEP_ARRAY)],
  ['true', true],
  ['null', null],
  ['a numeric string', '5'],
  ['a word', 'abc'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['-1', -1],
  ['0', 0],
  ['-0', new RawJson('-0')],
  ['0.5', 0.5],
  ['2^31', 2_147_483_648],
  ['1e308', 1e308],
  ['1e999 (Infinity)', new RawJson('1e999')],
  ['-1e999 (-Infinity)', new RawJson('-1e999')],
  ['256 characters', 'x'.repeat(256)],
  ['100,000 characters', 'x'.repeat(100_000)],
];

/**
 * One of the hostile strings for a field, the same every run, each string falling to many fields across
 * the calls: every string in every field would repeat what the round trip (the main free-text fields keep
 * each verbatim) and the control-character check (every published text field) already prove.
 */
function hostileStringFor(url: string, field: string): [label: string, value: string] {
  let hash = 0;
  for (const char of `${url} ${field}`) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  const text = HOSTILE_STRINGS[hash % HOSTILE_STRINGS.length] ?? '';
  return [`hostile text ${JSON.stringify(text)}`, text];
}

/** JSON values that are no number, which z.coerce made numbers of: sent to every field that takes numbers. */
const NOT_NUMBERS: [label: string, value: unknown][] = [
  ['an empty array', []],
  ['a nested array', [[3]]],
  ['false', false],
  ['an empty string', ''],
  ['a blank string', ' '],
  ['a hexadecimal numeral', '0x10'],
];

/** Dates the product cannot keep: sent to every date and date-time field. */
const FAR_DATES: [label: string, value: string][] = [
  ['the last instant of year 9999', '9999-12-31T23:59:59.999Z'],
  ['a date in year 9999', '9999-12-31'],
  ['a date in year 1999', '1999-12-31T12:00:00Z'],
];

/** Fields a client must never set: identity, role, money and seat counters. */
const MASS_ASSIGNMENT = {
  id: 1,
  user_id: 1,
  role: 'admin',
  is_admin: true,
  seats_taken: 0,
  credits_remaining: 1_000_000,
  balance: 1_000_000,
  provider: 'stripe',
};

/** Bodies the JSON parser or the content-type check refuses, whatever the call. */
export function unparseableBodies(url: string): HostileRequest[] {
  const bodies: [string, string, string?][] = [
    ['truncated JSON', '{"email":'],
    ['single-quoted JSON', "{'a': 1}"],
    ['a trailing comma', '{"a": 1,}'],
    ['NaN', '{"a": NaN}'],
    ['Infinity', '{"a": Infinity}'],
    ['a comment', '{"a": 1 /* x */}'],
    ['two documents', '{"a": 1}{"b": 2}'],
    ['a raw NUL byte', '{"a": "\u0000"}'],
    ['an object nested 10,000 deep', DEEP_OBJECT],
    ['a __proto__ key', '{"__proto__": {"role": "admin"}}'],
    ['constructor.prototype', '{"constructor": {"prototype": {"role": "admin"}}}'],
    ['text/plain', 'hello', 'text/plain'],
    ['a form post', 'role=admin', 'application/x-www-form-urlencoded'],
    [
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      'multipart/form-data; boundary=x',
    ],
    ['XML', '<a>1</a>', 'application/xml'],
    ['a body over 1 MB', JSON.stringify({ padding: 'x'.repeat(1_100_000) })],
  ];
  return bodies.map(([label, payload, contentType = JSON_TYPE]) => ({
    label,
    url,
    payload,
    contentType,
    mustRefuse: true,
  }));
}

/**
 * Every hostile body for a call with a body schema, built around a body the call would accept;
 * `documented` is the body's fields as the OpenAPI document publishes them.
 */
export function bodyVariants(
  url: string,
  schema: z.ZodType,
  base: Record<string, unknown>,
  documented: Record<string, JsonSchema>,
): HostileRequest[] {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const fields = Object.keys(properties);
  const valuesFor = (name: string, field: JsonSchema) => [
    ...FIELD_VALUES,
    hostileStringFor(url, name),
    ...(takesNumbers(field) ? NOT_NUMBERS : []),
    ...(takesDates(field) ? FAR_DATES : []),
  ];
  const request = (label: string, payload: string, mustRefuse = refusedBy(schema, payload)) => ({
    label,
    url,
    payload,
    contentType: JSON_TYPE,
    mustRefuse,
  });
  const extras = Object.fromEntries(Object.entries(MASS_ASSIGNMENT).filter(([key]) => !fields.includes(key)));
  return [
    request('the valid base body', JSON.stringify(base)),
    ...unparseableBodies(url),
    ...['[]', '[{}]', '"text"', '42', 'null', 'true', DEEP_ARRAY].map((payload) =>
      request(`the JSON ${payload.slice(0, 12)} instead of an object`, payload, true),
    ),
    request('an empty object', '{}'),
    ...required.map((field) => {
      const { [field]: _, ...rest } = base;
      return request(`no ${field}`, JSON.stringify(rest));
    }),
    request('extra fields a client must not set', JSON.stringify({ ...base, ...extras })),
    request('a duplicated key', JSON.stringify(base).replace(/^\{/, `{${JSON.stringify(fields[0])}: {},`)),
    request(
      '10,000 unknown keys',
      JSON.stringify({
        ...base,
        ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
      }),
    ),
    ...fields.flatMap((field, index) => {
      const fieldSchema = documented[field] ?? {};
      return valuesFor(field, fieldSchema).map(([label, value]) => {
        const payload = bodyText(base, field, value);
        return {
          ...request(
            `${field} = ${label}`,
            payload,
            refusedBy(schema, payload) || !documentedAdmits(fieldSchema, value),
          ),
          repeatsKind: index > 0,
        };
      });
    }),
  ];
}

/** Path parameters that are no id and no secret: negative, zero, past int4, non-finite, words, injections. */
const HOSTILE_PATH_PARAMS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '1e999',
  'Infinity',
  'NaN',
  'abc',
  'null',
  ' ',
  '1 OR 1=1',
  "1' OR '1'='1",
  '1; DROP TABLE users',
  '../../etc/passwd',
  '\u0000',
  'a\r\nb',
  '😀',
];

/** The path parameter `param` of `path` (`:id`, a feed's `:token`) set to each hostile value, or left out. */
export function pathParamVariants(path: string, param: string, payload?: string): HostileRequest[] {
  const at = (segment: string) => path.replace(param, segment);
  const name = param.slice(1);
  const body = payload === undefined ? {} : { payload, contentType: JSON_TYPE };
  return [
    ...HOSTILE_PATH_PARAMS.map((value) => ({
      label: `${name} ${JSON.stringify(value)}`,
      url: at(encodeURIComponent(value)),
      ...body,
      mustRefuse: true,
    })),
    {
      label: 'a malformed percent escape',
      url: at('%E0%A4%A'),
      ...body,
      mustRefuse: true,
      beforeRouting: true,
    },
    { label: `no ${name}`, url: at(''), ...body, mustRefuse: true, beforeRouting: true },
  ];
}

const QUERY_VALUES = [
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'abc',
  '',
  '2024-02-30',
  '2024-13-01',
  '99999-01-01',
  // Valid dates the product cannot keep: the end of the first was in year 10000, a 500.
  '9999-12-31',
  '1999-12-31',
  '2024-01-01T00:00:00Z',
  'Mars/Olympus',
  'x'.repeat(10_000),
  ...HOSTILE_STRINGS,
];

/** Each query parameter in turn set to hostile values, given twice, or left out, the others valid. */
export function queryVariants(
  path: string,
  schema: z.ZodType,
  base: Record<string, string>,
): HostileRequest[] {
  const { properties = {} } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const request = (label: string, query: Record<string, string | string[]>) => {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) =>
        [value].flat().map((one): [string, string] => [key, one]),
      ),
    ).toString();
    const parsed = parseQueryString(search);
    return { label, url: `${path}?${search}`, mustRefuse: !schema.safeParse(parsed).success };
  };
  return Object.keys(properties).flatMap((param, index) => {
    const { [param]: _, ...rest } = base;
    return [
      request(`no ${param}`, rest),
      request(`${param} given twice`, { ...base, [param]: ['1', '2'] }),
      ...QUERY_VALUES.map((value) =>
        request(`${param}=${JSON.stringify(value)}`, { ...base, [param]: value }),
      ),
    ].map((variant) => ({ ...variant, repeatsKind: index > 0 }));
  });
}

/** Parameters nobody asked for, next to the real ones: they must be ignored, never interpreted. */
export function unknownQuery(path: string, base: Record<string, string>): HostileRequest {
  const search = new URLSearchParams([
    ...Object.entries(base),
    ['__proto__', 'x'],
    ['constructor', 'y'],
    ['role', 'admin'],
    ["id' OR 1=1 --", '1'],
    // Nesting as some query parsers read it; ours keeps the name as it is.
    [`a${'[a]'.repeat(1_000)}`, '1'],
  ]).toString();
  return { label: 'unknown query parameters', url: `${path}?${search}`, mustRefuse: false };
}

/**
 * fast-check bodies over the call's real field names: each field left out, kept valid, or replaced by
 * any JSON value, hostile text, odd numbers or arbitrary Unicode; sometimes with an unknown key.
 */
export function arbitraryBody(schema: z.ZodType, base: Record<string, unknown>) {
  const { properties = {} } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const model = Object.fromEntries(
    Object.keys(properties).map((field) => [
      field,
      fc.oneof(
        fc.constant(base[field]),
        fc.constantFrom(...HOSTILE_STRINGS),
        fc.jsonValue({ maxDepth: 2 }),
        fc.integer(),
        fc.double(),
        fc.string({ unit: 'binary', maxLength: 300 }),
      ),
    ]),
  );
  return fc.tuple(
    fc.record(model, { requiredKeys: [] }),
    fc.option(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })),
  );
}

// The app's own statements as pgbench SQL: a repository function of the server is called on a database
// that records what Drizzle sends and answers no rows, with stand-in values for the request's inputs,
// and each parameter becomes the pgbench variable or expression its stand-in names (any other value, a
// constant of the app's, a literal). A twin built this way changes when the repository does.
import { type Database, schema } from '@tokenly/server/src/db/client';
import { drizzle } from 'drizzle-orm/node-postgres';

type Sent = { sql: string; params: unknown[] };

/**
 * Values to call the app's functions with, each standing for a pgbench variable or SQL expression. They
 * are far from any value the app writes itself (ids near the top of int4, a year no class is in), so a
 * parameter equal to one was given by the caller.
 */
export class StandIns {
  private readonly byValue = new Map<string, string>();
  private next = 2_000_000_000;

  /** An id (or any integer) that stands for `pgbench`, e.g. ':learner'. */
  id(pgbench: string): number {
    const value = this.next++;
    this.byValue.set(String(value), pgbench);
    return value;
  }

  /** An instant that stands for `pgbench`, e.g. 'now()'. */
  date(pgbench: string): Date {
    const value = new Date(Date.UTC(2200, 0, 1, 0, 0, 0, this.next++ % 1000));
    this.byValue.set(value.toISOString(), pgbench);
    return value;
  }

  /** `value` itself, whenever the app sends it, stands for `pgbench`: a text of the app's own making. */
  text<T extends string>(value: T, pgbench: string): T {
    this.byValue.set(value, pgbench);
    return value;
  }

  /** `value`, which the app sends as its JSON text (a json column, or stringified by the app itself). */
  json<T>(value: T, pgbench: string): T {
    this.byValue.set(JSON.stringify(value), pgbench);
    return value;
  }

  /** The pgbench text of a parameter the app sent: its stand-in's, else the value as a literal. */
  render(param: unknown): string {
    const key = param instanceof Date ? param.toISOString() : typeof param === 'object' ? '' : String(param);
    const standIn = this.byValue.get(key);
    if (standIn !== undefined) return standIn;
    if (typeof param === 'string' && !Number.isNaN(Date.parse(param))) {
      // The driver's text of an instant (a column's encoder may have turned the Date into it already).
      const instant = this.byValue.get(new Date(param).toISOString());
      if (instant !== undefined) return instant;
    }
    return literal(param);
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return quote(value.toISOString());
  if (typeof value === 'string') return quote(value);
  return quote(JSON.stringify(value));
}

/**
 * A string literal pgbench leaves alone: it reads ":name" as a variable even inside quotes, so such a
 * literal is written as an escape string with its colons as \x3a.
 */
function quote(text: string): string {
  if (!/:[A-Za-z0-9_]/.test(text)) return `'${text.replaceAll("'", "''")}'`;
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll(':', '\\x3a')}'`;
}

/**
 * Every statement `call` sends, each as a pgbench command on one line without its terminator (the
 * script adds `;` or a `\gset`): comments dropped, `$n` replaced through `standIns`, literals made safe.
 * The database records each statement and answers it with no rows, so a function that reads before it
 * writes goes on to its next statement as on an empty table, and one that needs a row fails there.
 */
export async function appStatements(
  standIns: StandIns,
  call: (db: Database) => Promise<unknown>,
): Promise<[string, ...string[]]> {
  const sent: Sent[] = [];
  const client = { query: async () => ({ rows: [], rowCount: 0, fields: [] }) };
  const db = drizzle({
    client: client as never,
    schema,
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  });
  await call(db).catch(() => undefined);
  const [first, ...rest] = sent;
  if (!first) throw new Error('the call sent no statement');
  return [toPgbench(first, standIns), ...rest.map((statement) => toPgbench(statement, standIns))];
}

/** The first statement `call` sends (appStatements). */
export async function appStatement(
  standIns: StandIns,
  call: (db: Database) => Promise<unknown>,
): Promise<string> {
  const [first] = await appStatements(standIns, call);
  return first;
}

/** `sent` as pgbench reads it: one line, no comments, its parameters rendered, no stray `:name`. */
export function toPgbench(sent: Sent, standIns: StandIns): string {
  const { sql, params } = sent;
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    const token =
      /^'(?:[^']|'')*'/.exec(rest) ??
      /^"(?:[^"]|"")*"/.exec(rest) ??
      /^--[^\n]*/.exec(rest) ??
      /^\$(\d+)/.exec(rest) ??
      /^\s+/.exec(rest);
    if (!token) {
      const char = sql[i] ?? '';
      if (char === ':' && /^[A-Za-z0-9_]/.test(sql[i + 1] ?? '') && sql[i - 1] !== ':') {
        throw new Error(`pgbench would read a variable at ${JSON.stringify(rest.slice(0, 20))}`);
      }
      out += char;
      i += 1;
      continue;
    }
    const [text, number] = token;
    if (text.startsWith("'")) out += quote(text.slice(1, -1).replaceAll("''", "'"));
    else if (text.startsWith('"')) out += text;
    else if (number !== undefined) {
      const index = Number(number) - 1;
      if (index >= params.length) throw new Error(`$${number} has no parameter`);
      out += standIns.render(params[index]);
    } else if (!out.endsWith(' ') && out !== '') out += ' ';
    i += text.length;
  }
  return out.trim();
}

import type { Query, SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * A statement prepared once per database: Drizzle builds its SQL once, and node-postgres sends
 * it as a named statement, parsed once per connection (PostgreSQL may then keep a generic plan). For the hot reads; a statement run
 * inside a transaction gets a new Database (the transaction's) and would be prepared again each time.
 */
export function preparedPer<Statement>(prepare: (db: Database) => Statement): (db: Database) => Statement {
  const byDatabase = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = prepare(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();
const builtNames = new Set<string>();

/**
 * A statement Drizzle builds once and then runs with `sql.placeholder` values, as the named statement
 * `name`: node-postgres parses it once per connection, in a transaction or not, and
 * PostgreSQL may keep a generic plan. Building book-class's long statement and the outbox insert again
 * for every booking was a tenth of the server's CPU, and parsing and planning that statement again most
 * of PostgreSQL's (decision 017, fifth slice). Its result must not name columns with `*`, or a migration
 * adding one fails the statement on connections that hold it. Rows come as the driver gives them:
 * column names, driver values.
 */
export function builtOnce<Values extends Record<string, unknown>>(
  name: string,
  build: (db: Database) => SQLWrapper,
): (db: Database, values: Values) => Promise<Record<string, unknown>[]> {
  // Two statements of one name would meet only on a connection that ran both, as an error at run time.
  if (builtNames.has(name)) throw new Error(`Two statements are named ${name}.`);
  builtNames.add(name);
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build(db).getSQL());
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as {
      rows: Record<string, unknown>[];
    };
    return result.rows;
  };
}

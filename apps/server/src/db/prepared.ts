import type { Database } from './client';

/**
 * A statement prepared once per database (issue 15): Drizzle builds its SQL once, and node-postgres sends
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

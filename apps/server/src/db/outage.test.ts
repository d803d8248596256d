import { once } from 'node:events';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATABASE_POOL_DEFAULTS } from '../config/env';
import { startTcpProxy } from '../test/tcp-proxy';
import { createEmptyPostgresDatabase, createTestDatabase, TEST_DATABASE_KINDS } from '../test/test-database';
import { type DatabaseHandle, openDatabase } from './client';
import { isDatabaseOutage } from './outage';

// The classifier behind every 503, judged on the errors the drivers really throw.

const failureOf = (database: DatabaseHandle, query = sql`select 1`) =>
  database.db.execute(query).then(
    () => {
      throw new Error('the query succeeded');
    },
    (error: unknown) => error,
  );

/** A TCP port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

describe('isDatabaseOutage', () => {
  it('is true for a refused connection', async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://tokenly@127.0.0.1:${await closedPort()}/none`,
    });
    try {
      expect(isDatabaseOutage(await failureOf(database))).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('is true for a closed PGlite, false for what a request or our code got wrong', async () => {
    const { database, destroy } = await createTestDatabase('pglite');
    expect(isDatabaseOutage(await failureOf(database, sql`select * from no_such_table`))).toBe(false);
    expect(isDatabaseOutage(await failureOf(database, sql`insert into users (id) values (null)`))).toBe(
      false,
    );
    expect(isDatabaseOutage(new Error('Something else'))).toBe(false);
    await destroy();
    expect(isDatabaseOutage(await failureOf(database))).toBe(true);
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('isDatabaseOutage on PostgreSQL', () => {
  it('is true for a session the server ended (57P01)', async () => {
    const { database, destroy } = await createTestDatabase('postgres');
    try {
      expect(
        isDatabaseOutage(await failureOf(database, sql`select pg_terminate_backend(pg_backend_pid())`)),
      ).toBe(true);
    } finally {
      await destroy();
    }
  });

  it('is true when no connection comes within the connection timeout', async () => {
    const empty = await createEmptyPostgresDatabase();
    const proxy = await startTcpProxy(empty.url);
    await proxy.cut('hang');
    const database = await openDatabase({
      databaseUrl: proxy.url,
      pool: { ...DATABASE_POOL_DEFAULTS, connectionTimeoutMs: 200 },
    });
    try {
      expect(isDatabaseOutage(await failureOf(database))).toBe(true);
    } finally {
      await database.close();
      await proxy.close();
      await empty.destroy();
    }
  });
});

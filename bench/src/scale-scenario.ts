// The scale part of the bench: a school with years of payments (bulk SQL on PostgreSQL), and what its
// exports, payment list and search cost there and at a tenth of the size, so growth with age shows.
// Payments here are rows of the payment list only (no credit lots): the exports and lists read nothing else.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '@tokenly/server/src/db/client';
import { migrateDatabase } from '@tokenly/server/src/db/migrate';
import { hashToken } from '@tokenly/server/src/modules/auth/auth-service';
import { sql } from 'drizzle-orm';
import { type BenchDatabases, databaseUrl } from './postgres';
import { step, timed } from './progress';
import { type RunningServer, startServer } from './start-server';

/** The full size: SCALE_PAYMENTS payments (300,000) of a third as many learners. */
const PAYMENTS = Number(process.env.SCALE_PAYMENTS ?? 300_000);

export type ExportFigures = {
  rows: number;
  rowsPerSecond: number;
  firstByteMs: number;
  /** The slowest /api/health answer while the export ran: what any other request waited at worst. */
  worstOtherMs: number;
  peakServerMb: number;
};

export type ScaleFigures = {
  payments: number;
  exports: { name: string; figures: ExportFigures }[];
  /** Sequential requests, one at a time: median and slowest of 20. */
  calls: { name: string; p50Ms: number; maxMs: number }[];
};

async function seed(url: string, payments: number): Promise<string> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(database);
    const token = randomBytes(32).toString('base64url');
    const learners = Math.ceil(payments / 3);
    await database.db.execute(sql`
      with admin as (
        insert into users (name, email, password_hash, role) values ('Scale Admin', 'scale-admin@tokenly.test', 'x', 'admin')
        returning id
      )
      insert into auth_sessions (user_id, token_hash, expires_at)
      select id, ${hashToken(token)}, now() + interval '1 day' from admin`);
    await database.db.execute(sql`
      insert into users (name, email, password_hash, role, created_at)
      select initcap(substr(md5(i::text), 1, 7)) || ' ' || initcap(substr(md5((-i)::text), 1, 9)),
        'learner' || i || '@scale.example', 'x', 'user', timestamptz '2021-01-01' + i * interval '20 minutes'
      from generate_series(1, ${learners}) as i`);
    await database.db.execute(sql`
      insert into token_plans (token_title, token_credit, token_expiry, amount, kind)
      values ('Scale Pack', 4, 90, 2800, 'package')`);
    await database.db.execute(sql`
      with learners as (
        select id, row_number() over (order by id) - 1 as n from users where email like '%@scale.example'
      )
      insert into payments (user_id, token_plan_id, provider, provider_ref, amount, number_token, status, created_at)
      select learners.id, (select id from token_plans where token_title = 'Scale Pack'), 'demo', 'scale_' || i,
        2800, 4, case when i % 50 = 0 then 'refunded' else 'succeeded' end,
        timestamptz '2021-01-01' + i * (interval '5 years' / ${payments})
      from generate_series(1, ${payments}) as i
      join learners on learners.n = i % ${learners}`);
    // What autovacuum does on a school's database over time: statistics, the visibility map (index-only
    // scans) and the trigram indexes' pending entries merged (unmerged, the planner rightly avoids them).
    await database.db.execute(sql`vacuum analyze`);
    return token;
  } finally {
    await database.close();
  }
}

async function exportFigures(server: RunningServer, path: string, token: string): Promise<ExportFigures> {
  let running = true;
  let worstOtherMs = 0;
  let peakBytes = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      worstOtherMs = Math.max(worstOtherMs, performance.now() - started);
      await sleep(20);
    }
  })();
  const memory = (async () => {
    while (running) {
      peakBytes = Math.max(peakBytes, await server.memory());
      await sleep(50);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let firstByteMs: number | undefined;
  let lines = 0;
  for await (const chunk of response.body ?? []) {
    firstByteMs ??= performance.now() - started;
    for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all([probe, memory]);
  const rows = lines - 1;
  return {
    rows,
    rowsPerSecond: rows / seconds,
    firstByteMs: firstByteMs ?? 0,
    worstOtherMs,
    peakServerMb: peakBytes / 1024 / 1024,
  };
}

async function callFigures(url: string, path: string, token: string) {
  const times: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: times[10] ?? 0, maxMs: times.at(-1) ?? 0 };
}

/** Each call on its own: measured together they would measure each other. */
async function sequentially<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}

/** One school of `payments` payments: seeded, analysed, then its exports and calls measured. */
async function figuresAt(databases: BenchDatabases, payments: number): Promise<ScaleFigures> {
  const name = await databases.create(`scale_${payments}`);
  const url = databaseUrl(name);
  const token = await timed(`scale: ${payments.toLocaleString('en-US')} payments seeded`, () =>
    seed(url, payments),
  );
  const server = await startServer({ DATABASE_URL: url });
  try {
    step(`scale: exports and calls at ${payments.toLocaleString('en-US')} payments`);
    const lastPage = Math.ceil(payments / 15);
    const calls = [
      ['get-payment-list?page=1', 'get-payment-list?page=1'],
      ['get-payment-list, last page', `get-payment-list?page=${lastPage}`],
      ['get-payment-list?status=refunded', 'get-payment-list?status=refunded&page=1'],
      ['admin-search?q=<part of a name>', `admin-search?q=${encodeURIComponent('c4ca4')}`],
      ['admin-mail-outbox?page=1', 'admin-mail-outbox?page=1'],
    ] as const;
    return {
      payments,
      exports: [
        { name: 'get-payment-list.csv', figures: await exportFigures(server, 'get-payment-list.csv', token) },
        { name: 'admin-user-list.csv', figures: await exportFigures(server, 'admin-user-list.csv', token) },
      ],
      calls: await sequentially(calls, async ([callName, path]) => ({
        name: callName,
        ...(await callFigures(server.url, path, token)),
      })),
    };
  } finally {
    await server.stop();
  }
}

/** The school at full size and at a tenth of it. */
export async function scaleFigures(databases: BenchDatabases): Promise<ScaleFigures[]> {
  return [await figuresAt(databases, Math.round(PAYMENTS / 10)), await figuresAt(databases, PAYMENTS)];
}

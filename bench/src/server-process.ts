// The real server in a process of its own, so the load generator does not share its event loop:
// buildApp on the database the environment names (DATABASE_URL, else PGlite in DATA_DIR), listening
// on an ephemeral loopback port that it reports to the parent over IPC. The parent can ask it to
// profile itself around one load (cpu-profile.ts).
import { buildApp } from '@tokenly/server/src/app';
import { loadConfig } from '@tokenly/server/src/config/env';
import { openDatabaseFor } from '@tokenly/server/src/db/client';
import { startProfiling, stopProfiling } from './cpu-profile';

const config = loadConfig();
const database = await openDatabaseFor(config);
const waits: number[] = [];
const serv: number[] = [];
if (process.env.EXP_MONITOR && database.kind === 'pglite') {
  const c = database.client as any;
  const orig = c._runExclusiveTransaction.bind(c);
  c._runExclusiveTransaction = (run: () => Promise<unknown>) => {
    const t0 = performance.now();
    return orig(async () => {
      const t1 = performance.now();
      waits.push(t1 - t0);
      als.getStore()?.calls.push(`w${(t1 - t0).toFixed(0)}@${(t0 - (als.getStore()?.t0 ?? 0)).toFixed(0)}`);
      try { return await run(); } finally { serv.push(performance.now() - t1); }
    });
  };
}
const pct = (a: number[], p: number) => { const b = [...a].sort((x, y) => x - y); return b[Math.floor((b.length - 1) * p)]?.toFixed(1); };
import { AsyncLocalStorage } from 'node:async_hooks';
const als = new AsyncLocalStorage<{ t0: number; calls: string[] }>();
const done: { total: number; calls: string[] }[] = [];
(globalThis as any).__als = als;
const app = await buildApp(config, database);
if (process.env.EXP_MONITOR) {
  const listeners = app.server.listeners('request') as ((...a: unknown[]) => void)[];
  app.server.removeAllListeners('request');
  app.server.on('request', (req, res) => {
    const store = { t0: performance.now(), calls: [] as string[] };
    res.on('finish', () => done.push({ total: performance.now() - store.t0, calls: store.calls }));
    als.run(store, () => { for (const l of listeners) l.call(app.server, req, res); });
  });
}

const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url });

process.on('message', async (message: { profile?: 'start' | 'stop'; cpu?: true }) => {
  if (message.cpu) {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  } else if (message.profile === 'start') {
    await startProfiling();
    process.send?.({ profiling: true });
  } else if (message.profile === 'stop') {
    process.send?.({ top: await stopProfiling() });
  }
});

import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 5 });
if (process.env.EXP_MONITOR) h.enable();
process.on('SIGTERM', async () => {
  if (process.env.EXP_MONITOR) {
    console.log('calls', waits.length, 'wait p50', pct(waits, 0.5), 'p90', pct(waits, 0.9), 'p99', pct(waits, 0.99), 'max', pct(waits, 1), 'service p50', pct(serv, 0.5), 'p99', pct(serv, 0.99), 'max', pct(serv, 1), 'sum', serv.reduce((a, b) => a + b, 0).toFixed(0));
    const sorted = done.filter((d) => d.calls.length > 0).sort((a, b) => b.total - a.total);
    for (const d of sorted.slice(0, 8)) console.log('slow', d.total.toFixed(0), d.calls.join(' '));
    for (const d of sorted.slice(Math.floor(sorted.length / 2), Math.floor(sorted.length / 2) + 4)) console.log('median', d.total.toFixed(0), d.calls.join(' '));
    console.log('loop delay ms p50', h.percentile(50) / 1e6, 'p99', h.percentile(99) / 1e6, 'max', h.max / 1e6);
    if (database.kind === 'pglite') console.log((await database.client.query('select * from pg_stat_checkpointer')).rows, (await database.client.query("select name, setting from pg_settings where name in ('max_wal_size','checkpoint_timeout','wal_buffers','shared_buffers','fsync','synchronous_commit','full_page_writes')")).rows);
  }
  await app.close();
  // PGlite must close to leave its files consistent.
  await database.close();
  process.exit(0);
});

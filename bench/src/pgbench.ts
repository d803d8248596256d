import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadFigures } from './http-load';

/**
 * A script of the app's statements (pgbench-scripts.ts), the variables it reads, and the protocol the app
 * sends them with: `prepared` where the request's statements are named (parsed once per connection),
 * `extended` (parsed every time) where Drizzle sends them unnamed.
 */
export type PgbenchScript = {
  name: string;
  sql: string;
  vars: Record<string, number | string>;
  protocol: 'prepared' | 'extended';
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Runs `script` with `clients` clients for `seconds`, or, when each transaction can run once (a cancel,
 * a series booked), `transactions` in all: pgbench counts them per client, so they must divide evenly.
 * Every script derives its request number k from :n (a per-client counter), :clients and :client_id.
 */
export function runPgbench(
  url: string,
  script: PgbenchScript,
  options: { clients: number } & ({ seconds: number } | { transactions: number }),
): LoadFigures {
  const length =
    'seconds' in options
      ? `--time=${options.seconds}`
      : `--transactions=${options.transactions / options.clients}`;
  if (!('seconds' in options) && options.transactions % options.clients !== 0) {
    throw new Error(`${options.transactions} transactions do not divide among ${options.clients} clients`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'tokenly-pgbench-'));
  try {
    const file = join(dir, `${script.name}.sql`);
    writeFileSync(file, script.sql);
    const vars = { n: 0, clients: options.clients, ...script.vars };
    const run = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        `--protocol=${script.protocol}`,
        `--client=${options.clients}`,
        '--jobs=2',
        length,
        `--file=${file}`,
        '--log',
        `--log-prefix=${join(dir, 'log')}`,
        // A mail's bytes too: bound as parameters, never pasted into the SQL; no shell in between. pgbench
        // refuses an empty value, and Linux one argument over 128 KiB (a mail is a few KB).
        ...Object.entries(vars).map(([name, value]) => `--define=${name}=${value}`),
        url,
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pgbench failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
    const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 'NaN');
    const latencies = readdirSync(dir)
      .filter((name) => name.startsWith('log'))
      .flatMap((name) => readFileSync(join(dir, name), 'utf8').trim().split('\n'))
      // Each line: client transaction_no latency_us script_no epoch_s epoch_us.
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    const committed = latencies.length;
    const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1] ?? 'NaN');
    return {
      requests: committed + failed,
      perSecond: tps,
      okShare: committed / (committed + failed),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BookingRotation } from './booking-pairs';
import type { LoadFigures } from './http-load';

/**
 * book-class's transaction as raw SQL, statement for statement (bookings-repository.ts and
 * credit-repository.ts): the conditional seat update, the booking insert, the learner's credit lock,
 * the lot draw (one query reads the lots and locks them), the lot update and the ledger row. The
 * session lookup and JSON around it are the app's own cost, which the ratio shows.
 * Request k books learner k mod L into class k mod C, as the HTTP run does (booking-pairs.ts).
 */
const SCRIPT = String.raw`
\set n :n + 1
\set k (:n - 1) * :clients + :client_id
\set learner :first_learner + (:k % :learners)
\set class :first_class + (:k % :classes)
BEGIN;
UPDATE schedules SET seats_taken = seats_taken + 1 WHERE id = :class AND status = 'scheduled' AND starts_at > now() AND seats_taken < no_of_users RETURNING number_token \gset
INSERT INTO bookings (user_id, schedule_id, credits) VALUES (:learner, :class, :number_token) RETURNING id AS booking_id \gset
SELECT id FROM users WHERE id = :learner FOR NO KEY UPDATE;
SELECT id AS lot_id FROM credit_lots WHERE user_id = :learner AND credits_remaining > 0 ORDER BY expires_at, id FOR UPDATE \gset
UPDATE credit_lots SET credits_remaining = credits_remaining - :number_token WHERE id = :lot_id AND credits_remaining - :number_token BETWEEN 0 AND credits_total;
\set delta -1 * :number_token
INSERT INTO credit_ledger (user_id, delta, reason, booking_id, lot_id) VALUES (:learner, :delta, 'booking', :booking_id, :lot_id);
COMMIT;
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function runPgbench(
  url: string,
  options: {
    clients: number;
    seconds: number;
    rotation: BookingRotation;
    firstLearnerId: number;
    firstClassId: number;
  },
): LoadFigures {
  const dir = mkdtempSync(join(tmpdir(), 'tokenly-pgbench-'));
  try {
    const script = join(dir, 'book-class.sql');
    writeFileSync(script, SCRIPT);
    const vars = {
      n: 0,
      clients: options.clients,
      learners: options.rotation.learners,
      classes: options.rotation.classes,
      first_learner: options.firstLearnerId,
      first_class: options.firstClassId,
    };
    const run = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        // The protocol node-postgres uses for parameterised queries.
        '--protocol=extended',
        `--client=${options.clients}`,
        '--jobs=2',
        `--time=${options.seconds}`,
        `--file=${script}`,
        '--log',
        `--log-prefix=${join(dir, 'log')}`,
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

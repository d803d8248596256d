import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BookingRotation } from './booking-pairs';
import type { LoadFigures } from './http-load';

/**
 * book-class's transaction as raw SQL, statement for statement (bookings-repository.ts,
 * credit-repository.ts, school-settings-repository.ts, mail-outbox-repository.ts): the session lookup
 * (with its last-seen write), the conditional seat update, the booking insert that also ends the
 * learner's waitlist place, the credit draw (one statement: the learner's lock, the lots read and
 * locked, their updates and ledger rows), the school settings read and the confirmation mail's outbox
 * row (its HTML, text and calendar file of the sizes the app writes, made by the server with repeat()).
 * The recipient is the session's user, so there is no read of it. What is left to the app is HTTP, JSON
 * and building the mail, which the ratio shows.
 * Request k books learner k mod L into class k mod C, as the HTTP run does (booking-pairs.ts).
 */
// pgbench reads ":name" as a variable even inside a string literal, hence chr(58) for the colons.
const SCRIPT = String.raw`
\set n :n + 1
\set k (:n - 1) * :clients + :client_id
\set learner :first_learner + (:k % :learners)
\set class :first_class + (:k % :classes)
WITH touch AS (UPDATE auth_sessions SET last_seen_at = now() WHERE user_id = :learner AND expires_at > now() AND last_seen_at <= now() - interval '1 minute' RETURNING id) SELECT s.*, u.* FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.user_id = :learner AND s.expires_at > now() AND u.disabled_at IS NULL LIMIT 1;
BEGIN;
UPDATE schedules SET seats_taken = seats_taken + 1 WHERE id = :class AND status = 'scheduled' AND starts_at > now() AND seats_taken < no_of_users RETURNING number_token \gset
WITH inserted AS (INSERT INTO bookings (user_id, schedule_id, credits) VALUES (:learner, :class, :number_token) RETURNING *), ended AS (UPDATE waitlist_entries SET status = 'promoted', ended_at = now(), booking_id = (SELECT id FROM inserted) WHERE user_id = :learner AND schedule_id = :class AND status = 'waiting' RETURNING id) SELECT id AS booking_id FROM inserted \gset
WITH learner AS (SELECT id FROM users WHERE id = :learner FOR NO KEY UPDATE), held AS (SELECT id, credits_remaining, expires_at, expires_at <= now() AS expired FROM credit_lots WHERE user_id = (SELECT id FROM learner) AND credits_remaining > 0 ORDER BY expires_at, id FOR UPDATE), plan AS (SELECT id, expired, expires_at, CASE WHEN expired THEN credits_remaining ELSE least(credits_remaining, greatest(0, CAST(:number_token AS int) - (sum(CASE WHEN expired THEN 0 ELSE credits_remaining END) OVER (ORDER BY expires_at, id ROWS UNBOUNDED PRECEDING) - credits_remaining))) END AS take, sum(CASE WHEN expired THEN 0 ELSE credits_remaining END) OVER () AS available FROM held), changed AS (UPDATE credit_lots AS lot SET credits_remaining = lot.credits_remaining - plan.take FROM plan WHERE lot.id = plan.id AND plan.take > 0 AND plan.available >= CAST(:number_token AS int) AND lot.credits_remaining - plan.take BETWEEN 0 AND lot.credits_total RETURNING lot.id, plan.take, plan.expired, plan.expires_at), written AS (INSERT INTO credit_ledger (user_id, delta, reason, booking_id, note, actor_id, lot_id) SELECT CAST(:learner AS int), -take, CASE WHEN expired THEN 'expiry' ELSE 'booking' END, CASE WHEN expired THEN NULL ELSE CAST(:booking_id AS int) END, NULL, NULL, id FROM changed ORDER BY expired DESC, expires_at, id RETURNING id) SELECT coalesce((SELECT max(available) FROM plan), 0)::int AS available, (SELECT count(*) FROM plan WHERE take > 0)::int AS planned, (SELECT count(*) FROM changed)::int AS changed;
SELECT * FROM school_settings WHERE id = 1;
INSERT INTO mail_outbox (event, kind, recipient, status, subject, html, text, headers, attachments, created_at) VALUES (concat('booking', chr(58), CAST(:booking_id AS text), chr(58), 'booked'), 'booking-confirmed', 'bench-' || CAST(:learner AS text) || '@tokenly.test', 'kept', 'Booking confirmed', repeat('h', CAST(:html_bytes AS int)), repeat('t', CAST(:text_bytes AS int)), '{"Message-ID": "<bench@tokenly.test>"}', jsonb_build_array(jsonb_build_object('filename', 'class.ics', 'content', repeat('i', CAST(:ics_bytes AS int)))), now()) ON CONFLICT (event, kind, recipient) DO NOTHING RETURNING id;
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
    /** Sizes of the confirmation mail's parts as the app wrote them (mailSizes in postgres.ts). */
    mail: { htmlBytes: number; textBytes: number; icsBytes: number };
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
      html_bytes: options.mail.htmlBytes,
      text_bytes: options.mail.textBytes,
      ics_bytes: options.mail.icsBytes,
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

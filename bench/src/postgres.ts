import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MailSample } from './pgbench-statements';

/** The machine's PostgreSQL (trust auth); BENCH_DATABASE_URL points elsewhere. Only used to connect. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

const admin = (sql: string) => query(ADMIN_URL, sql);

/** Every booking took a seat and its credits: seats = bookings, and every lot equals its ledger rows. */
export async function checkConsistent(url: string): Promise<void> {
  const [row] = await query<{ bookings: number; seats: number; drift: number }>(
    url,
    `select (select count(*) from bookings where status = 'booked')::int as bookings,
            (select coalesce(sum(seats_taken), 0) from schedules)::int as seats,
            (select count(*) from credit_lots l
              where l.credits_remaining <>
                    (select coalesce(sum(delta), 0) from credit_ledger g where g.lot_id = l.id))::int as drift`,
  );
  if (!row || row.bookings !== row.seats || row.drift !== 0) {
    throw new Error(`inconsistent after the run: ${JSON.stringify(row)}`);
  }
}

/** After the cancel run: every cancel promoted one learner, so the classes are as full as before. */
export async function checkPromotions(url: string, classIds: number[], cancelled: number): Promise<void> {
  const [row] = await query<{ free: number; promoted: number; cancelled: number }>(
    url,
    `select (select coalesce(sum(no_of_users - seats_taken), 0) from schedules
              where id in (${classIds.map(Number).join(',') || 'null'}))::int as free,
            (select count(*) from waitlist_entries where status = 'promoted')::int as promoted,
            (select count(*) from bookings where status = 'cancelled')::int as cancelled`,
  );
  if (row?.free !== 0 || row.promoted !== cancelled || row.cancelled !== cancelled) {
    throw new Error(
      `the cancels did not promote one learner each: ${JSON.stringify({ ...row, expected: cancelled })}`,
    );
  }
}

/**
 * Every session last seen an hour ago, so each learner's first request writes last-seen whenever it
 * comes: a run right after a setup that used the sessions would otherwise skip writes its twin, run
 * minutes later, makes.
 */
export async function ageSessions(url: string): Promise<void> {
  await query(url, `update auth_sessions set last_seen_at = now() - interval '1 hour'`);
}

export async function analyze(url: string): Promise<void> {
  await query(url, 'analyze');
}

/** One mail of a kind the HTTP run wrote, for pgbench to write the same bytes. */
export async function mailSample(url: string, kind: string): Promise<MailSample> {
  const [row] = await query<MailSample>(
    url,
    `select html, text, attachments::text as attachments
       from mail_outbox where kind = '${kind.replaceAll("'", "''")}' order by id limit 1`,
  );
  if (!row) throw new Error(`the HTTP run wrote no ${kind} mail`);
  return row;
}

/** After a book-series run: each of `learners` booked every class of a series of its own, nothing else. */
export async function checkSeriesBooked(
  url: string,
  { firstClassId, classesEach, learners }: { firstClassId: number; classesEach: number; learners: number },
): Promise<void> {
  const expected = learners * classesEach;
  const classes = `between ${Number(firstClassId)} and ${Number(firstClassId) + expected - 1}`;
  const [row] = await query<{ booked: number; learners: number; seats: number }>(
    url,
    `select count(*)::int as booked, count(distinct user_id)::int as learners,
            (select coalesce(sum(seats_taken), 0) from schedules where id ${classes})::int as seats
       from bookings
      where status = 'booked' and schedule_id ${classes}`,
  );
  if (row?.booked !== expected || row.learners !== learners || row.seats !== expected) {
    throw new Error(`the series were not all booked: ${JSON.stringify({ ...row, expected })}`);
  }
}

/** Databases this run created, dropped at the end whatever happened. */
export class BenchDatabases {
  private readonly names: string[] = [];
  private readonly prefix = `tokenly_bench_${randomBytes(4).toString('hex')}`;

  /** A new empty database, or a copy of `template` (which must have no open connection). */
  async create(suffix: string, template?: string): Promise<string> {
    const name = `${this.prefix}_${suffix}`;
    await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    this.names.push(name);
    return name;
  }

  /** Drops one of them now. */
  async drop(name: string): Promise<void> {
    await admin(`drop database if exists "${name}" with (force)`);
    this.names.splice(this.names.indexOf(name), 1);
  }

  async dropAll(): Promise<void> {
    for (const name of this.names.reverse()) await admin(`drop database if exists "${name}" with (force)`);
  }
}

import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { checkLotsMatchLedger, getBalance } from '../modules/credits/credit-service';
import { rawRows } from './database-fingerprint';

/**
 * The database-wide invariants of bookings and credits, after whatever interleaving, kill or outage a
 * test put the server through: seats equal bookings and capacity, every booking paid in the ledger and
 * no ledger row without its booking, and each learner's lots equal to their ledger, never negative.
 */
export async function expectConsistent(db: Database, learnerIds: number[]): Promise<void> {
  const rows = <T>(query: SQL) => rawRows<T>(db, query);
  const seats = await rows<{ id: number; capacity: number; taken: number; booked: number }>(
    sql`select s.id, s.no_of_users as capacity, s.seats_taken as taken,
        (select count(*)::int from bookings b where b.schedule_id = s.id and b.status = 'booked') as booked
      from schedules s`,
  );
  for (const row of seats) {
    expect(row.taken, `class ${row.id}`).toBe(row.booked);
    expect(row.taken, `class ${row.id}`).toBeLessThanOrEqual(row.capacity);
  }
  // A booking is its seat, its row and the ledger rows that paid for it, or none of them.
  const unpaid = await rows(sql`select b.id from bookings b
      left join credit_ledger l on l.booking_id = b.id and l.reason = 'booking'
      where b.status = 'booked'
      group by b.id, b.credits having coalesce(sum(l.delta), 0) <> -b.credits`);
  expect(unpaid).toEqual([]);
  const orphans = await rows(sql`select l.id from credit_ledger l left join bookings b on b.id = l.booking_id
      where l.booking_id is not null and b.id is null`);
  expect(orphans).toEqual([]);
  const negative = await rows(sql`select id from credit_lots where credits_remaining < 0`);
  expect(negative).toEqual([]);
  for (const id of learnerIds) {
    expect(await checkLotsMatchLedger(db, id), `learner ${id}`).toEqual([]);
    expect(await getBalance(db, id)).toBeGreaterThanOrEqual(0);
  }
}

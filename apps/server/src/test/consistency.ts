import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { rawRows } from '../db/raw-rows';
import { nowOf, systemClock } from '../lib/clock';
import { checkLotsMatchLedger, getBalance } from '../modules/credits/credit-service';

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
  // A booking is its seat, its row and the ledger rows that paid for it, or none of them; a late cancel
  // keeps what paid for it.
  const unpaid = await rows(sql`select b.id from bookings b
      left join credit_ledger l on l.booking_id = b.id and l.reason = 'booking'
      where b.status = 'booked' or b.late_cancel
      group by b.id, b.credits having coalesce(sum(l.delta), 0) <> -b.credits`);
  expect(unpaid).toEqual([]);
  // Each late cancel says so once in the ledger, and gets nothing back until it is waived.
  const lateRows = await rows(sql`select b.id from bookings b
      left join credit_ledger l on l.booking_id = b.id and l.reason = 'late_cancel'
      group by b.id, b.late_cancel having count(l.id) <> (case when b.late_cancel then 1 else 0 end)`);
  expect(lateRows).toEqual([]);
  const forfeitRefunded = await rows(sql`select distinct b.id from bookings b
      join credit_ledger l on l.booking_id = b.id and l.reason in ('refund', 'waiver')
      where b.late_cancel and b.waived_at is null`);
  expect(forfeitRefunded).toEqual([]);
  // A waived booking holds no credit on any lot any more: all went back, once.
  const waivedHolding = await rows(sql`select distinct l.booking_id from credit_ledger l
      join bookings b on b.id = l.booking_id and b.waived_at is not null
      where l.reason in ('booking', 'refund', 'waiver', 'transfer') and l.lot_id is not null
      group by l.booking_id, l.lot_id having sum(l.delta) < 0`);
  expect(waivedHolding).toEqual([]);
  const orphans = await rows(sql`select l.id from credit_ledger l left join bookings b on b.id = l.booking_id
      where l.booking_id is not null and b.id is null`);
  expect(orphans).toEqual([]);
  const negative = await rows(sql`select id from credit_lots where credits_remaining < 0`);
  expect(negative).toEqual([]);
  for (const id of learnerIds) {
    expect(await checkLotsMatchLedger(db, id), `learner ${id}`).toEqual([]);
    expect(await getBalance(db, id, nowOf(systemClock))).toBeGreaterThanOrEqual(0);
  }
}

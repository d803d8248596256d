import { and, asc, desc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  type ClubPassEventRow,
  type ClubPassRow,
  clubPassEvents,
  clubPasses,
} from '../../db/schema/club-passes';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { payments } from '../../db/schema/payments';
import { type TokenPlanRow, tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';
import { wantsMail } from '../mail/mail-preferences-repository';

export type NewClubPassEvent = typeof clubPassEvents.$inferInsert;
export type ClubPassEventWithNames = ClubPassEventRow & {
  planTitle: string | null;
  planKind: TokenPlanRow['kind'] | null;
  actorName: string | null;
};

/**
 * The learner's pass, locked: grants, ends, refunds and club bookings of one learner take turns on it,
 * so two bookings cannot both see a free place in the week's allowance.
 */
export async function lockClubPass(tx: Database, userId: number): Promise<ClubPassRow | undefined> {
  const [row] = await tx.select().from(clubPasses).where(eq(clubPasses.userId, userId)).for('update');
  return row;
}

/**
 * The learner's pass row, locked, made empty (ending at `now`) when they have none: a lock on a row that
 * does not exist locks nothing, and two first grants at once would each start a pass from now.
 */
export async function lockOrStartClubPass(tx: Database, userId: number, now: Date): Promise<ClubPassRow> {
  await tx
    .insert(clubPasses)
    .values({ userId, startsAt: now, endsAt: now, updatedAt: now })
    .onConflictDoNothing({ target: clubPasses.userId });
  const pass = await lockClubPass(tx, userId);
  if (!pass) throw new Error(`club pass of user ${userId} not found after its insert`);
  return pass;
}

export async function findClubPass(db: Database, userId: number): Promise<ClubPassRow | undefined> {
  const [row] = await db.select().from(clubPasses).where(eq(clubPasses.userId, userId));
  return row;
}

export async function saveClubPass(
  tx: Database,
  values: { userId: number; startsAt: Date; endsAt: Date; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(clubPasses)
    .values(values)
    .onConflictDoUpdate({
      target: clubPasses.userId,
      set: { startsAt: values.startsAt, endsAt: values.endsAt, updatedAt: values.updatedAt },
    });
}

const clubPassColumns = {
  userId: clubPasses.userId,
  startsAt: clubPasses.startsAt,
  endsAt: clubPasses.endsAt,
  updatedAt: clubPasses.updatedAt,
};

/** The outbox event of the notice that a pass ends at `endsAt`: a pass extended since gets a new one. */
export const passEndingEvent = sql<string>`'club-pass:' || ${clubPasses.userId} || ':' || to_char(${clubPasses.endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * Running passes ending after `now` and no later than `by` whose owner wants credit notices and has had
 * no notice of this end. A pass that ran less than the notice window from its start gets none: its owner
 * knew the date when it came.
 */
export async function dueClubPassEndings(
  db: Database,
  due: { now: Date; by: Date; days: number; limit: number },
): Promise<(ClubPassRow & { event: string })[]> {
  return db
    .select({ ...clubPassColumns, event: passEndingEvent })
    .from(clubPasses)
    .innerJoin(users, eq(users.id, clubPasses.userId))
    .where(
      and(
        wantsMail('credits-expiring'),
        isNull(users.disabledAt),
        lte(clubPasses.startsAt, due.now),
        gt(clubPasses.endsAt, due.now),
        lte(clubPasses.endsAt, due.by),
        lte(clubPasses.startsAt, sql`${clubPasses.endsAt} - make_interval(days => ${due.days})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.event, passEndingEvent), eq(mailOutbox.kind, 'club-pass-ending'))),
        ),
      ),
    )
    .orderBy(asc(clubPasses.endsAt), asc(clubPasses.userId))
    .limit(due.limit);
}

/** Passes that run at `now`. */
export function countRunningClubPasses(db: Database, now: Date): Promise<number> {
  return db.$count(clubPasses, and(lte(clubPasses.startsAt, now), gt(clubPasses.endsAt, now)));
}

/** Returns the new event's id. */
export async function insertClubPassEvent(tx: Database, values: NewClubPassEvent): Promise<number> {
  const [row] = await tx.insert(clubPassEvents).values(values).returning({ id: clubPassEvents.id });
  if (!row) throw new Error('insert into club_pass_events returned no row');
  return row.id;
}

/** The days a payment added to a pass, if it added any. */
export async function findPaymentAddition(
  tx: Database,
  paymentId: number,
): Promise<ClubPassEventRow | undefined> {
  const [row] = await tx
    .select()
    .from(clubPassEvents)
    .where(
      and(eq(clubPassEvents.paymentId, paymentId), inArray(clubPassEvents.kind, ['granted', 'extended'])),
    );
  return row;
}

export async function paymentPassTakenBack(tx: Database, paymentId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: clubPassEvents.id })
    .from(clubPassEvents)
    .where(and(eq(clubPassEvents.paymentId, paymentId), eq(clubPassEvents.kind, 'refunded')));
  return rows.length > 0;
}

const actors = alias(users, 'actors');

/** A learner's pass history, newest first, with the plan of each payment and the name of each administrator. */
export async function listClubPassEvents(
  db: Database,
  userId: number,
  options: { additionsOnly?: boolean; limit?: number } = {},
): Promise<ClubPassEventWithNames[]> {
  const query = db
    .select({
      event: clubPassEvents,
      planTitle: tokenPlans.tokenTitle,
      planKind: tokenPlans.kind,
      actorName: actors.name,
    })
    .from(clubPassEvents)
    .leftJoin(payments, eq(payments.id, clubPassEvents.paymentId))
    .leftJoin(tokenPlans, eq(tokenPlans.id, payments.tokenPlanId))
    .leftJoin(actors, eq(actors.id, clubPassEvents.actorId))
    .where(
      and(
        eq(clubPassEvents.userId, userId),
        options.additionsOnly ? inArray(clubPassEvents.kind, ['granted', 'extended']) : undefined,
      ),
    )
    .orderBy(desc(clubPassEvents.createdAt), desc(clubPassEvents.id));
  const rows = await (options.limit ? query.limit(options.limit) : query);
  return rows.map(({ event, planTitle, planKind, actorName }) => ({
    ...event,
    planTitle,
    planKind,
    actorName,
  }));
}

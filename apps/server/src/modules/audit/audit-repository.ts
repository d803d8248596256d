import type { AuditSubject, AuditSubjectKind } from '@tokenly/contract/audit';
import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countOrEstimate, type ListTotal } from '../../db/list-total';
import { rawRows } from '../../db/raw-rows';
import { auditEvents } from '../../db/schema/audit-events';
import { bookings } from '../../db/schema/bookings';
import { classSeries } from '../../db/schema/class-series';
import { courses } from '../../db/schema/courses';
import { payments } from '../../db/schema/payments';
import { schedules } from '../../db/schema/schedules';
import { blogPosts, sitePages } from '../../db/schema/site-content';
import { tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';
import { waitlistEntries } from '../../db/schema/waitlist-entries';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** Which entries: an actor, a kind of change, and instants from (inclusive) and before (exclusive). */
export type AuditQuery = { actorId?: number; action?: string; since?: Date; before?: Date };

export async function insertAuditEvent(db: Database, values: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(values);
}

function whereOf({ actorId, action, since, before }: AuditQuery): SQL | undefined {
  return and(
    actorId === undefined ? undefined : eq(auditEvents.actorId, actorId),
    action === undefined ? undefined : eq(auditEvents.action, action),
    since === undefined ? undefined : gte(auditEvents.createdAt, since),
    before === undefined ? undefined : lt(auditEvents.createdAt, before),
  );
}

export async function listAuditEvents(db: Database, query: AuditQuery, offset: number) {
  return db
    .select({ event: auditEvents, actorName: users.name })
    .from(auditEvents)
    .innerJoin(users, eq(users.id, auditEvents.actorId))
    .where(whereOf(query))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countAuditEvents(db: Database, query: AuditQuery): Promise<ListTotal> {
  return countOrEstimate(db, auditEvents, whereOf(query));
}

/**
 * Everyone with an entry in the log, by name. The actors' ids are found by hopping along the actor index
 * from one id to the next, so it costs a lookup per actor, not a read of the whole log.
 */
export function listAuditActors(db: Database): Promise<{ id: number; name: string }[]> {
  return rawRows<{ id: number; name: string }>(
    db,
    sql`
    with recursive actor_ids(id) as (
      (select ${auditEvents.actorId} from ${auditEvents} order by ${auditEvents.actorId} limit 1)
      union all
      select (
        select ${auditEvents.actorId} from ${auditEvents}
        where ${auditEvents.actorId} > actor_ids.id order by ${auditEvents.actorId} limit 1
      )
      from actor_ids where actor_ids.id is not null
    )
    select ${users.id} as id, ${users.name} as name from actor_ids join ${users} on ${users.id} = actor_ids.id
    order by ${users.name}, ${users.id}`,
  );
}

type Named = Omit<AuditSubject, 'kind' | 'id'>;
const named = (name: string | null, extra: Partial<Named> = {}): Named => ({
  name,
  role: null,
  class_id: null,
  ...extra,
});

/** The subjects of one kind, by id, as they are now: one query a kind, whatever the page holds. */
async function subjectsOfKind(db: Database, kind: AuditSubjectKind, ids: number[]) {
  const rows = await (async (): Promise<(Named & { id: number })[]> => {
    switch (kind) {
      case 'class-type':
        return (
          await db
            .select({ id: courses.id, name: courses.courseTitle })
            .from(courses)
            .where(inArray(courses.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name) }));
      case 'class':
        return (
          await db
            .select({ id: schedules.id, name: schedules.title })
            .from(schedules)
            .where(inArray(schedules.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name, { class_id: row.id }) }));
      case 'series':
        return (
          await db
            .select({ id: classSeries.id, name: classSeries.title })
            .from(classSeries)
            .where(inArray(classSeries.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name) }));
      case 'plan':
        return (
          await db
            .select({ id: tokenPlans.id, name: tokenPlans.tokenTitle })
            .from(tokenPlans)
            .where(inArray(tokenPlans.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name) }));
      case 'account':
      case 'teacher':
        return (
          await db
            .select({ id: users.id, name: users.name, role: users.role })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name, { role: row.role }) }));
      case 'payment':
        return (
          await db
            .select({ id: payments.id, name: users.name })
            .from(payments)
            .innerJoin(users, eq(users.id, payments.userId))
            .where(inArray(payments.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name, { role: 'user' }) }));
      case 'site-page':
      case 'blog-post': {
        const table = kind === 'site-page' ? sitePages : blogPosts;
        return (
          await db.select({ id: table.id, name: table.title }).from(table).where(inArray(table.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name) }));
      }
      case 'booking':
      case 'waitlist-entry': {
        const table = kind === 'booking' ? bookings : waitlistEntries;
        return (
          await db
            .select({ id: table.id, name: schedules.title, classId: schedules.id })
            .from(table)
            .innerJoin(schedules, eq(schedules.id, table.scheduleId))
            .where(inArray(table.id, ids))
        ).map((row) => ({ id: row.id, ...named(row.name, { class_id: row.classId }) }));
      }
    }
  })();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Names the subjects of a page of entries: `wanted` lists each entry's kind and id. */
export async function findAuditSubjects(
  db: Database,
  wanted: { kind: AuditSubjectKind; id: number }[],
): Promise<(kind: AuditSubjectKind, id: number) => Named> {
  const kinds = [...new Set(wanted.map(({ kind }) => kind))];
  const found = new Map(
    await Promise.all(
      kinds.map(
        async (kind) =>
          [
            kind,
            await subjectsOfKind(
              db,
              kind,
              wanted.filter((one) => one.kind === kind).map(({ id }) => id),
            ),
          ] as const,
      ),
    ),
  );
  // A subject removed since reads as its kind and id alone.
  return (kind, id) => found.get(kind)?.get(id) ?? named(null);
}

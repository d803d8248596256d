import { PAGE_SIZE } from '@tokenly/contract/common';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema/audit-events';
import { users } from '../../db/schema/users';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertAuditEvent(db: Database, values: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(values);
}

export async function listAuditEvents(db: Database, offset: number) {
  return db
    .select({ event: auditEvents, actorName: users.name })
    .from(auditEvents)
    .innerJoin(users, eq(users.id, auditEvents.actorId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countAuditEvents(db: Database): Promise<number> {
  return db.$count(auditEvents);
}

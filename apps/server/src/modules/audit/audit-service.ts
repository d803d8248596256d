import type { AuditEvent } from '@tokenly/contract/audit';
import type { Paginated } from '@tokenly/contract/common';
import type { Database } from '../../db/client';
import { pageOffset, toPage } from '../../lib/pagination';
import { countAuditEvents, insertAuditEvent, listAuditEvents, type NewAuditEvent } from './audit-repository';

export function createAuditService(db: Database) {
  return {
    /** One administrative change (plugins/audit-log.ts records every one). */
    record: (event: NewAuditEvent): Promise<void> => insertAuditEvent(db, event),

    /** The audit log, newest first. */
    async list(page: number): Promise<Paginated<AuditEvent>> {
      const [rows, total] = await Promise.all([listAuditEvents(db, pageOffset(page)), countAuditEvents(db)]);
      return toPage(
        rows.map(({ event, actorName }) => ({
          id: event.id,
          actor: { id: event.actorId, name: actorName },
          action: event.action,
          subject_id: event.subjectId,
          summary: event.summary,
          reason: event.reason,
          details: event.details ?? null,
          created_at: event.createdAt.toISOString(),
        })),
        total,
        page,
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

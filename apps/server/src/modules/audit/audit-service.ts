import type { AuditFilters, AuditPage } from '@tokenly/contract/audit';
import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOffset, toPage } from '../../lib/pagination';
import { addDays, parseLocalDate, startOfLocalDay } from '../../lib/time-zone';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  type AuditQuery,
  countAuditEvents,
  findAuditSubjects,
  insertAuditEvent,
  listAuditActors,
  listAuditEvents,
  type NewAuditEvent,
} from './audit-repository';
import { AUDIT_SUBJECT_OF, AUDITED_ACTIONS, changeLabel } from './audited-actions';

const UNKNOWN_ACTION = 'Choose a kind of change the audit log records.';

const subjectKindOf = (action: string) => AUDIT_SUBJECT_OF[action as EndpointName];

/** Every kind of change the log records, by the words its entries carry, in alphabetical order. */
const CHANGES = AUDITED_ACTIONS.map((action) => ({
  action,
  label: changeLabel(ENDPOINTS[action].summary),
})).sort((a, b) => a.label.localeCompare(b.label, 'en'));

export function createAuditService(db: Database, { settings }: { settings: SchoolSettingsSource }) {
  /** The filters' days are the school's: from its midnight to the midnight after `to`. */
  async function queryOf({ actor_id, action, from, to }: AuditFilters): Promise<AuditQuery> {
    if (action !== undefined && !AUDITED_ACTIONS.some((audited) => audited === action))
      throw new AppError('VALIDATION', UNKNOWN_ACTION, { action: [UNKNOWN_ACTION] });
    const { timeZone } = await settings.current();
    return {
      actorId: actor_id,
      action,
      since: from === undefined ? undefined : startOfLocalDay(parseLocalDate(from), timeZone),
      before: to === undefined ? undefined : startOfLocalDay(addDays(parseLocalDate(to), 1), timeZone),
    };
  }

  return {
    /** One administrative change (plugins/audit-log.ts records every one). */
    record: (event: NewAuditEvent): Promise<void> => insertAuditEvent(db, event),

    /** The audit log, newest first, filtered, each entry's subject named as it is now. */
    async list(page: number, filters: AuditFilters = {}): Promise<AuditPage> {
      const query = await queryOf(filters);
      const [rows, total, actors] = await Promise.all([
        listAuditEvents(db, query, pageOffset(page)),
        countAuditEvents(db, query),
        listAuditActors(db),
      ]);
      const subjectOf = await findAuditSubjects(
        db,
        rows.flatMap(({ event }) => {
          const kind = subjectKindOf(event.action);
          return kind && event.subjectId !== null ? [{ kind, id: event.subjectId }] : [];
        }),
      );
      const entries = toPage(
        rows.map(({ event, actorName }) => {
          const kind = subjectKindOf(event.action);
          return {
            id: event.id,
            actor: { id: event.actorId, name: actorName },
            action: event.action,
            subject_id: event.subjectId,
            subject:
              kind && event.subjectId !== null
                ? { kind, id: event.subjectId, ...subjectOf(kind, event.subjectId) }
                : null,
            summary: event.summary,
            reason: event.reason,
            details: event.details ?? null,
            created_at: event.createdAt.toISOString(),
          };
        }),
        total,
        page,
      );
      return { ...entries, actors, changes: CHANGES };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

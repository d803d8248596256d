import { ENDPOINTS, type EndpointSpec } from '@tokenly/contract/endpoints';
import { SECRET_SCHOOL_SETTINGS } from '@tokenly/contract/school-settings';
import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../modules/audit/audit-service';
import { changeLabel } from '../modules/audit/audited-actions';

// Never kept in the log, whatever call they came with: passwords, and the video servers' secrets of the
// school settings (a link's token comes with public calls, which are not logged; `token` in
// administrative ones is what a class costs).
const SECRET_FIELDS = new Set([
  'password',
  'password_confirmation',
  'current_password',
  ...SECRET_SCHOOL_SETTINGS,
]);
// An uploaded file (base64) is kept as its size: the log records that it came, not megabytes of it.
const FILE_FIELD = 'file_base64';

function recordedValue(key: string, value: unknown): unknown {
  if (SECRET_FIELDS.has(key)) return '[redacted]';
  if (key === FILE_FIELD && typeof value === 'string')
    return `[a file of ${Buffer.byteLength(value, 'base64')} bytes]`;
  return value;
}

function recordedBody(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const kept = Object.entries(body).map(([key, value]) => [key, recordedValue(key, value)]);
  return kept.length === 0 ? null : Object.fromEntries(kept);
}

function createdId(status: number, payload: unknown): number | null {
  if (status !== 201 || typeof payload !== 'string') return null;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Every successful administrative write is recorded, whichever call it was, so a new admin call is in
 * the log without anyone remembering to add it (a read-only POST, such as a change's preview, is no
 * write). Recorded in onSend, before the answer leaves, so whoever reads the log next sees it; a
 * failure to record is logged and does not undo the action.
 */
export function registerAuditLog(app: FastifyInstance, audit: Pick<AuditService, 'record'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const name = request.routeOptions.config.endpoint;
    const actor = request.auth?.user;
    if (!name || !actor || reply.statusCode >= 400) return payload;
    const spec: EndpointSpec = ENDPOINTS[name];
    if (spec.auth !== 'admin' || spec.method === 'GET' || spec.readOnly) return payload;
    const params = request.params as { id?: unknown };
    // Only what the call reads: a body sent to a call without one (a cancel, say) is the client's noise,
    // and the log would keep up to a megabyte of it.
    const details = request.routeOptions.schema?.body ? recordedBody(request.body) : null;
    // A create names its new record only in its answer.
    const subjectId = typeof params.id === 'number' ? params.id : createdId(reply.statusCode, payload);
    try {
      await audit.record({
        actorId: actor.id,
        action: name,
        subjectId,
        summary: changeLabel(spec.summary).slice(0, 300),
        reason: typeof details?.reason === 'string' ? details.reason.slice(0, 200) : null,
        details,
      });
    } catch (error) {
      request.log.error({ err: error, endpoint: name }, 'could not record the audit event');
    }
    return payload;
  });
}

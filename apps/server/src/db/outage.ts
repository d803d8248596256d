// Which failures mean "the database is unavailable for now" rather than "this request is wrong"
// or "our code is wrong". Those are answered 503 with Retry-After (plugins/error-handler.ts), logged as a
// warning by the job queue, and reported by readiness; everything else stays a 500.

/**
 * SQLSTATE classes of a database that cannot serve now: 08 connection exception, 53 insufficient
 * resources (disk full, out of memory, too many connections), 58 system error (PGlite's failed reads
 * and writes of its data directory surface as 58P01/58P02/58030).
 */
const OUTAGE_SQLSTATE_CLASSES = ['08', '53', '58'];

const OUTAGE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server ended the connection (restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or shutting down
  '57014', // query_canceled: DATABASE_STATEMENT_TIMEOUT_MS passed (or an operator cancelled it)
]);

// Node's socket errors: refused, reset or timed out, or no route to the server at the moment.
const OUTAGE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// What node-postgres, its pool and PGlite throw without a code when the connection is gone.
const OUTAGE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect/, // the pool: no connection within connectionTimeoutMillis
  /is not queryable/, // a client whose connection died earlier, used again inside its transaction
  /^PGlite is clos(ed|ing)/,
];

function isOutageCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return (
    OUTAGE_SQLSTATES.has(code) ||
    OUTAGE_ERRNOS.has(code) ||
    (code.length === 5 && OUTAGE_SQLSTATE_CLASSES.includes(code.slice(0, 2)))
  );
}

/**
 * True when the database being unreachable or unable to serve caused the error. Drizzle wraps driver
 * errors (in `cause`) and Node reports a refused connection to several addresses as an AggregateError,
 * so both are searched.
 */
export function isDatabaseOutage(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen += 1) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if ('code' in current && isOutageCode(current.code)) return true;
    if (current instanceof Error && OUTAGE_MESSAGES.some((pattern) => pattern.test(current.message))) {
      return true;
    }
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}

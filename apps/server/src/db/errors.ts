/** The PostgreSQL error (with its SQLSTATE `code`) behind an error; Drizzle wraps driver errors. */
function postgresError(
  error: unknown,
): { code: unknown; constraint?: unknown; message?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** True when a unique violation (23505) on `constraint` caused the error; both drivers name it. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = postgresError(error);
  return found?.code === '23505' && found.constraint === constraint;
}

/** True when a foreign key violation (23503) caused the error: a row others still refer to. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23503';
}

/** True when a statement refused itself (the `refuse` function, SQLSTATE TK001) for `reason`. */
export function isRefusal(error: unknown, reason: string): boolean {
  const found = postgresError(error);
  return found?.code === 'TK001' && found.message === reason;
}

/**
 * True when a PostgreSQL unique violation (23505) on `constraint` caused the error. Drizzle wraps
 * driver errors, so the cause chain is searched; both drivers expose `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505' && 'constraint' in current) {
      return current.constraint === constraint;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

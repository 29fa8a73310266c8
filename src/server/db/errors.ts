/**
 * A database error that the request's data caused, not the server: PostgreSQL's class 22
 * ("data exception": 22001 value too long, 22021 character not in repertoire such as NUL,
 * 22P02 invalid text representation, 22003 out of range, 22007/22008 bad date…) and SQLite's
 * equivalents. The schemas refuse such data first; this is the backstop, so that input can
 * never turn into a 500.
 */
export function isInputDataError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string') {
      if (typeof severity === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
      if (code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH') return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A write refused by a unique constraint or index (PostgreSQL's 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE): the backstop of a check made in the transaction, reached when a
 * concurrent request wrote first. The caller answers what the check would have (a 409).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code } = current as { code?: unknown };
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

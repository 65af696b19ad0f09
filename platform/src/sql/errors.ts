/** The SQLSTATE of an error thrown by either adapter (both expose PostgreSQL's `code`). */
export function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/**
 * A PostgreSQL data exception (SQLSTATE class 22) raised by a value a statement was given: a number out of the
 * column's range (22003), text that is not a number or id (22P02), a character the database refuses (22021, 22P05),
 * a string longer than its column (22001). Met while serving a request, the request's input is at fault.
 */
export const isDataException = (err: unknown): boolean => sqlState(err)?.startsWith('22') ?? false;

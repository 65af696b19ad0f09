/** The SQLSTATE of an error thrown by either adapter (both expose PostgreSQL's `code`). */
export function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

export type { CopyData, Database, QueryResult, SqlClient } from './types';
export { openPostgresDatabase } from './postgres';
export { openPgliteDatabase } from './pglite';
export { sqlState, isUniqueViolation, isDataException } from './errors';
export { createIsolatedSchema, type IsolatedSchema } from './isolated-schema';

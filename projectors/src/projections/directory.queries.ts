import type { SqlClient } from '@evergrade/platform/sql';
import type { CourseRow, TenantRow, UserRow } from './directory';

export type { CourseRow, TenantRow, UserRow } from './directory';

/**
 * The directory's reads (tables `tenants`, `users`, `courses`): the only SQL outside the projection that names them.
 * Look-ups by many ids take the ids in one query; callers join in TypeScript.
 */

/** `first last`, trimmed: how a person's name is shown everywhere. */
export const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>): string => `${u.first_name} ${u.last_name}`.trim();

// --- tenants ---

export async function tenantById(db: SqlClient, tenant: string): Promise<TenantRow | null> {
  const { rows } = await db.query<TenantRow>('SELECT * FROM tenants WHERE tenant = $1', [tenant]);
  return rows[0] ?? null;
}

/**
 * Whether the school admin lets the school's analysts see names (reports, the events export); false, pseudonymised,
 * unless the admin turned it on. Read by the analyst routes.
 */
export async function analystNamesAllowed(db: SqlClient, tenant: string): Promise<boolean> {
  const { rows } = await db.query<{ analyst_names: boolean }>('SELECT analyst_names FROM tenants WHERE tenant = $1', [tenant]);
  return rows[0]?.analyst_names === true;
}

// --- users ---

export async function userById(db: SqlClient, tenant: string, userId: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE tenant = $1 AND user_id = $2', [tenant, userId]);
  return rows[0] ?? null;
}

export async function userByEmail(db: SqlClient, tenant: string, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE tenant = $1 AND email = $2', [tenant, email]);
  return rows[0] ?? null;
}

/** The users with these ids (unknown ids are left out), by last name, first name, id. */
export async function usersByIds(db: SqlClient, tenant: string, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<UserRow>(
    'SELECT * FROM users WHERE tenant = $1 AND user_id = ANY($2::int[]) ORDER BY last_name, first_name, user_id',
    [tenant, [...new Set(ids)]],
  );
  return rows;
}

/** The users with these ids as a map id → user: for joining in TypeScript. */
export async function usersMap(db: SqlClient, tenant: string, ids: readonly number[]): Promise<Map<number, UserRow>> {
  return new Map((await usersByIds(db, tenant, ids)).map((u) => [Number(u.user_id), u]));
}

/** id → `first last` (trimmed) for the users with these ids; unknown ids are absent. */
export async function userNames(db: SqlClient, tenant: string, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await usersByIds(db, tenant, ids)).map((u) => [Number(u.user_id), fullName(u)]));
}

/** Every user of a school, by role, last name, first name. */
export async function usersOfTenant(db: SqlClient, tenant: string): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE tenant = $1 ORDER BY role, last_name, first_name', [tenant]);
  return rows;
}

/** Which of these e-mails belong to a registered student of the school. */
export async function studentEmailsAmong(db: SqlClient, tenant: string, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const { rows } = await db.query<{ email: string }>(
    "SELECT email FROM users WHERE tenant = $1 AND role = 'student' AND email = ANY($2::text[])",
    [tenant, [...emails]],
  );
  return rows.map((r) => r.email);
}

/**
 * Ids of the users whose `first last` or e-mail contains `text` (case-insensitive, `%` and `_` taken literally),
 * optionally only among `ids`.
 */
export async function userIdsMatching(db: SqlClient, tenant: string, text: string, ids?: readonly number[]): Promise<number[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT user_id FROM users WHERE tenant = $1
       AND ((first_name || ' ' || last_name) ILIKE $2 ESCAPE '\\' OR email ILIKE $2 ESCAPE '\\')
       AND ($3::int[] IS NULL OR user_id = ANY($3::int[]))`,
    [tenant, pattern, ids ? [...ids] : null],
  );
  return rows.map((r) => Number(r.user_id));
}

// --- courses ---

export async function courseById(db: SqlClient, tenant: string, courseId: number): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>('SELECT * FROM courses WHERE tenant = $1 AND course_id = $2', [tenant, courseId]);
  return rows[0] ?? null;
}

/** A course by code, case-insensitive. */
export async function courseByCode(db: SqlClient, tenant: string, code: string): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>('SELECT * FROM courses WHERE tenant = $1 AND upper(course_code) = upper($2)', [tenant, code]);
  return rows[0] ?? null;
}

/** The courses with these ids (unknown ids are left out), by course code. */
export async function directoryCoursesByIds(db: SqlClient, tenant: string, ids: readonly number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<CourseRow>(
    'SELECT * FROM courses WHERE tenant = $1 AND course_id = ANY($2::int[]) ORDER BY course_code',
    [tenant, [...new Set(ids)]],
  );
  return rows;
}

/** Every course of a school, by course code. */
export async function coursesOfTenant(db: SqlClient, tenant: string): Promise<CourseRow[]> {
  const { rows } = await db.query<CourseRow>('SELECT * FROM courses WHERE tenant = $1 ORDER BY course_code', [tenant]);
  return rows;
}

/** The courses a student is enrolled in, by course code. */
export async function coursesOfStudent(db: SqlClient, tenant: string, studentId: number): Promise<CourseRow[]> {
  const { rows } = await db.query<CourseRow>('SELECT * FROM courses WHERE tenant = $1 AND $2 = ANY(student_ids) ORDER BY course_code', [
    tenant,
    studentId,
  ]);
  return rows;
}

/** The courses an instructor teaches, by course code. */
export async function coursesOfInstructor(db: SqlClient, tenant: string, instructorId: number): Promise<CourseRow[]> {
  const { rows } = await db.query<CourseRow>('SELECT * FROM courses WHERE tenant = $1 AND $2 = ANY(instructor_ids) ORDER BY course_code', [
    tenant,
    instructorId,
  ]);
  return rows;
}

/** The course an instructor teaches with this code (case-insensitive), or null. */
export async function taughtCourseByCode(db: SqlClient, tenant: string, instructorId: number, code: string): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>(
    'SELECT * FROM courses WHERE tenant = $1 AND upper(course_code) = upper($2) AND $3 = ANY(instructor_ids)',
    [tenant, code, instructorId],
  );
  return rows[0] ?? null;
}

/** Ids of the courses a user belongs to: enrolled in (student) or teaching (any other role). */
export async function courseIdsOfUser(db: SqlClient, tenant: string, userId: number, role: string): Promise<number[]> {
  const column = role === 'student' ? 'student_ids' : 'instructor_ids';
  const { rows } = await db.query<{ course_id: number }>(`SELECT course_id FROM courses WHERE tenant = $1 AND $2 = ANY(${column})`, [
    tenant,
    userId,
  ]);
  return rows.map((r) => Number(r.course_id));
}

/** Whether the instructor teaches any of these courses. */
export async function teachesAnyOf(db: SqlClient, tenant: string, instructorId: number, courseIds: readonly number[]): Promise<boolean> {
  if (courseIds.length === 0) return false;
  const { rows } = await db.query(
    'SELECT 1 FROM courses WHERE tenant = $1 AND course_id = ANY($2::int[]) AND $3 = ANY(instructor_ids) LIMIT 1',
    [tenant, [...courseIds], instructorId],
  );
  return rows.length > 0;
}

// --- across schools (the public pages' figures) ---

/** Schools and instructors on the platform, across every school. */
export async function platformPeopleCounts(db: SqlClient): Promise<{ schools: number; instructors: number }> {
  const { rows } = await db.query<{ schools: string; instructors: string }>(
    `SELECT (SELECT count(*) FROM tenants)::text AS schools, (SELECT count(*) FROM users WHERE role = 'instructor')::text AS instructors`,
  );
  return { schools: Number(rows[0]?.schools ?? 0), instructors: Number(rows[0]?.instructors ?? 0) };
}

/** The courses' subjects across every school, each once (lower-cased, trimmed; empty ones left out). */
export async function courseSubjectsOfPlatform(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ s: string }>(
    `SELECT DISTINCT lower(btrim(subject)) AS s FROM courses WHERE btrim(subject) <> '' ORDER BY 1`,
  );
  return rows.map((r) => r.s);
}

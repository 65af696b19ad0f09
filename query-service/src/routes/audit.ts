import type { FastifyInstance } from 'fastify';
import { AUDIT_MESSAGES, AUDIT_PROJECTION, NotFoundError, routes, type AuditEntry } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { gradeHistoryCsv, csvFileName } from './audit-csv';
import { chains, gradeBookAsOf, rowKey, type AuditLogRow } from './audit-fold';

/** Audit rows with the people's names resolved from the directory (names as they are now; ids never change). */
const SELECT_ROWS = `
  SELECT e.position, e.seq, e.recorded_at, e.event_type, e.assignment_id, e.student_id, e.response_id, e.question_id,
    e.question_number, e.actor_kind, e.actor_id, e.actor_name, e.requested_by, e.points, e.previous_points, e.points_possible,
    e.feedback, e.previous_feedback, e.flag, e.confidence, e.reason, e.detail,
    NULLIF(TRIM(COALESCE(ap.first_name, '') || ' ' || COALESCE(ap.last_name, '')), '') AS actor_person,
    NULLIF(TRIM(COALESCE(rp.first_name, '') || ' ' || COALESCE(rp.last_name, '')), '') AS requested_person
  FROM audit_grade_events e
  LEFT JOIN users ap ON ap.tenant = e.tenant AND ap.user_id = e.actor_id
  LEFT JOIN users rp ON rp.tenant = e.tenant AND rp.user_id = e.requested_by`;

type Names = { students: Map<number, string>; titles: Map<number, string> };
/** Names and titles come from older events (directory, assignments): only the audit rows need to be caught up. */
const READS = [AUDIT_PROJECTION];

/** The school admin's audit of every grade: search, a response's chain, the grade book as of an instant, CSV. */
export function auditRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db } = deps;

  async function names(tenant: string, studentIds: number[], assignmentIds: number[]): Promise<Names> {
    const [students, titles] = await Promise.all([
      db.query<{ user_id: number; name: string }>(
        `SELECT user_id, TRIM(first_name || ' ' || last_name) AS name FROM users WHERE tenant = $1 AND user_id = ANY($2)`, [tenant, studentIds]),
      db.query<{ assignment_id: number; title: string }>(
        'SELECT assignment_id, title FROM ia_assignments WHERE tenant = $1 AND assignment_id = ANY($2)', [tenant, assignmentIds]),
    ]);
    return {
      students: new Map(students.rows.map((r) => [r.user_id, r.name || `Student ${r.user_id}`])),
      titles: new Map(titles.rows.map((r) => [r.assignment_id, r.title])),
    };
  }
  const studentName = (n: Names, id: number) => n.students.get(id) ?? `Student ${id}`;
  const title = (n: Names, id: number) => n.titles.get(id) ?? `Assignment ${id}`;

  registerRoute(app, deps.sessions, routes.auditFilters, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, READS);
    const [assignments, students] = await Promise.all([
      db.query<{ assignment_id: number; title: string | null; course_code: string | null }>(
        `SELECT a.assignment_id, ia.title, c.course_code FROM (SELECT DISTINCT assignment_id FROM audit_grade_events WHERE tenant = $1) a
         LEFT JOIN ia_assignments ia ON ia.tenant = $1 AND ia.assignment_id = a.assignment_id
         LEFT JOIN ia_courses c ON c.tenant = $1 AND c.course_id = ia.course_id ORDER BY ia.title, a.assignment_id`, [tenant]),
      db.query<{ student_id: number; name: string | null; email: string | null }>(
        `SELECT s.student_id, TRIM(u.first_name || ' ' || u.last_name) AS name, u.email FROM (SELECT DISTINCT student_id FROM audit_grade_events WHERE tenant = $1) s
         LEFT JOIN users u ON u.tenant = $1 AND u.user_id = s.student_id ORDER BY u.last_name, u.first_name, s.student_id`, [tenant]),
    ]);
    return {
      assignments: assignments.rows.map((a) => ({ assignment_id: a.assignment_id, title: a.title ?? `Assignment ${a.assignment_id}`, course_code: a.course_code ?? '' })),
      students: students.rows.map((s) => ({ student_id: s.student_id, name: s.name || `Student ${s.student_id}`, email: s.email ?? '' })),
    };
  });

  registerRoute(app, deps.sessions, routes.auditSearch, async (request) => {
    const { tenant } = sessionOf(request);
    const b = request.body;
    await awaitProjections(request, deps, READS);
    const where = ['e.tenant = $1'];
    const args: unknown[] = [tenant];
    const add = (sql: (n: string) => string, value: unknown) => { args.push(value); where.push(sql(`$${args.length}`)); };
    if (b.student_id !== undefined) add((n) => `e.student_id = ${n}`, b.student_id);
    if (b.student) {
      add((n) => `EXISTS (SELECT 1 FROM users su WHERE su.tenant = e.tenant AND su.user_id = e.student_id
        AND ((su.first_name || ' ' || su.last_name) ILIKE ${n} ESCAPE '\\' OR su.email ILIKE ${n} ESCAPE '\\'))`, `%${b.student.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (b.assignment_id !== undefined) add((n) => `e.assignment_id = ${n}`, b.assignment_id);
    if (b.from) add((n) => `e.recorded_at >= ${n}::timestamptz`, b.from);
    if (b.to) add((n) => `e.recorded_at <= ${n}::timestamptz`, b.to);
    const filter = where.join(' AND ');
    const count = await db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM audit_grade_events e WHERE ${filter}`, args);
    const page = await db.query<AuditLogRow>(
      `${SELECT_ROWS} WHERE ${filter} ORDER BY e.recorded_at DESC, e.position DESC, e.seq DESC LIMIT ${b.page_size} OFFSET ${(b.page - 1) * b.page_size}`, args);
    const responseIds = [...new Set(page.rows.map((r) => r.response_id))];
    // Previous values come from each response's whole chain up to the hit, whatever the filter.
    const chainRows = responseIds.length
      ? (await db.query<AuditLogRow>(`${SELECT_ROWS} WHERE e.tenant = $1 AND e.response_id = ANY($2)`, [tenant, responseIds])).rows : [];
    const { byRow } = chains(chainRows);
    const n = await names(tenant, [...new Set(page.rows.map((r) => r.student_id))], [...new Set(page.rows.map((r) => r.assignment_id))]);
    const entries: AuditEntry[] = page.rows.flatMap((r) => {
      const entry = byRow.get(rowKey(r));
      return entry ? [{
        ...entry, response_id: r.response_id, assignment_id: r.assignment_id, assignment_title: title(n, r.assignment_id),
        student_id: r.student_id, student_name: studentName(n, r.student_id), question_id: r.question_id,
        question_number: r.question_number, points_possible: r.points_possible === null ? null : Number(r.points_possible),
      }] : [];
    });
    return { entries, total: Number(count.rows[0]?.n ?? 0), page: b.page, page_size: b.page_size };
  });

  registerRoute(app, deps.sessions, routes.auditResponseHistory, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, READS);
    const { rows } = await db.query<AuditLogRow>(`${SELECT_ROWS} WHERE e.tenant = $1 AND e.response_id = $2`, [tenant, request.body.response_id]);
    if (rows.length === 0) throw new NotFoundError(AUDIT_MESSAGES.responseNotFound);
    const { byResponse, state } = chains(rows);
    const first = rows[0]!;
    const current = state.get(first.response_id)!;
    const n = await names(tenant, [first.student_id], [first.assignment_id]);
    return {
      response_id: first.response_id, assignment_id: first.assignment_id, assignment_title: title(n, first.assignment_id),
      student_id: first.student_id, student_name: studentName(n, first.student_id), question_id: first.question_id,
      question_number: current.questionNumber, entries: byResponse.get(first.response_id) ?? [],
    };
  });

  async function assignmentTitle(tenant: string, assignmentId: number): Promise<string> {
    const found = await db.query<{ title: string }>('SELECT title FROM ia_assignments WHERE tenant = $1 AND assignment_id = $2', [tenant, assignmentId]);
    const title = found.rows[0]?.title;
    if (title === undefined) throw new NotFoundError(AUDIT_MESSAGES.assignmentNotFound);
    return title;
  }

  registerRoute(app, deps.sessions, routes.auditGradeBookAsOf, async (request) => {
    const { tenant } = sessionOf(request);
    const { assignment_id: assignmentId, as_of: asOf } = request.body;
    await awaitProjections(request, deps, READS);
    const assignment = await assignmentTitle(tenant, assignmentId);
    const [questions, log] = await Promise.all([
      db.query<{ question_id: number; question_number: number; points_possible: number | string }>(
        'SELECT question_id, question_number, marks_possible AS points_possible FROM ia_questions WHERE tenant = $1 AND assignment_id = $2', [tenant, assignmentId]),
      db.query<AuditLogRow>(`${SELECT_ROWS} WHERE e.tenant = $1 AND e.assignment_id = $2 AND e.recorded_at <= $3::timestamptz`, [tenant, assignmentId, asOf]),
    ]);
    const n = await names(tenant, [...new Set(log.rows.map((r) => r.student_id))], []);
    return gradeBookAsOf({
      assignmentId, title: assignment, asOf, rows: log.rows, studentName: (id) => studentName(n, id),
      questions: questions.rows.map((q) => ({ ...q, points_possible: Number(q.points_possible) })),
    });
  });

  registerRoute(app, deps.sessions, routes.auditGradeHistoryCsv, async (request, reply) => {
    const { tenant } = sessionOf(request);
    const assignmentId = request.query.assignment_id;
    await awaitProjections(request, deps, READS);
    const assignment = await assignmentTitle(tenant, assignmentId);
    const { rows } = await db.query<AuditLogRow>(`${SELECT_ROWS} WHERE e.tenant = $1 AND e.assignment_id = $2`, [tenant, assignmentId]);
    const n = await names(tenant, [...new Set(rows.map((r) => r.student_id))], []);
    const csv = gradeHistoryCsv(rows, { assignmentId, title: assignment, studentName: (id) => studentName(n, id) });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(assignmentId, assignment)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(csv, 'utf8'));
  });
}

import type { FastifyInstance } from 'fastify';
import { AUDIT_MESSAGES, AUDIT_PROJECTION, NotFoundError, routes, type AuditEntry } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { gradeHistoryCsv, csvFileName } from './audit-csv';
import { chains, gradeBookAsOf, rowKey, type AuditLogRow } from './audit-fold';
import {
  auditedIds,
  auditRowsOfAssignment,
  auditRowsOfResponses,
  fullName,
  iaAssignmentById,
  iaAssignmentsByIds,
  iaQuestionSheet,
  searchAuditLog,
  userIdsMatching,
  userNames,
  usersByIds,
  type AuditLogEntryRow,
} from '@evergrade/projectors/queries';
import type { SqlClient } from '@evergrade/platform/sql';

/** Audit rows with the people's names resolved from the directory (names as they are now; ids never change): one look-up for all. */
async function withPeople(db: SqlClient, tenant: string, rows: readonly AuditLogEntryRow[]): Promise<AuditLogRow[]> {
  const ids = rows.flatMap((r) => [r.actor_id, r.requested_by]).filter((id): id is number => id !== null);
  const names = await userNames(db, tenant, ids);
  const person = (id: number | null) => (id === null ? null : names.get(Number(id)) || null);
  return rows.map((r) => ({ ...r, actor_person: person(r.actor_id), requested_person: person(r.requested_by) }));
}

/** Text in C collation order (the database's), absent values last. */
const byText = (a: string | null | undefined, b: string | null | undefined) =>
  a === b ? 0 : a === null || a === undefined ? 1 : b === null || b === undefined ? -1 : a < b ? -1 : 1;

type Names = { students: Map<number, string>; titles: Map<number, string> };
/** Names and titles come from older events (directory, assignments): only the audit rows need to be caught up. */
const READS = [AUDIT_PROJECTION];

/** The school admin's audit of every grade: search, a response's chain, the grade book as of an instant, CSV. */
export function auditRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db } = deps;

  async function names(tenant: string, studentIds: number[], assignmentIds: number[]): Promise<Names> {
    const [students, titles] = await Promise.all([userNames(db, tenant, studentIds), iaAssignmentsByIds(db, tenant, assignmentIds)]);
    return {
      students: new Map([...students].map(([id, name]) => [id, name || `Student ${id}`])),
      titles: new Map(titles.map((r) => [Number(r.assignment_id), r.title])),
    };
  }
  const studentName = (n: Names, id: number) => n.students.get(id) ?? `Student ${id}`;
  const title = (n: Names, id: number) => n.titles.get(id) ?? `Assignment ${id}`;

  registerRoute(app, deps.sessions, routes.auditFilters, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, READS);
    const ids = await auditedIds(db, tenant);
    const [assignments, users] = await Promise.all([
      iaAssignmentsByIds(db, tenant, ids.assignmentIds),
      usersByIds(db, tenant, ids.studentIds),
    ]);
    const byAssignment = new Map(assignments.map((a) => [Number(a.assignment_id), a]));
    const byUser = new Map(users.map((u) => [Number(u.user_id), u]));
    // By title, then id (unknown assignments last); students by last name, first name, then id (unknown ones last).
    const assignmentList = ids.assignmentIds
      .map((id) => ({ id, a: byAssignment.get(id) }))
      .sort((x, y) => byText(x.a?.title, y.a?.title) || x.id - y.id);
    const studentList = ids.studentIds
      .map((id) => ({ id, u: byUser.get(id) }))
      .sort((x, y) => byText(x.u?.last_name, y.u?.last_name) || byText(x.u?.first_name, y.u?.first_name) || x.id - y.id);
    return {
      assignments: assignmentList.map(({ id, a }) => ({
        assignment_id: id,
        title: a?.title ?? `Assignment ${id}`,
        course_code: a?.course_code ?? '',
      })),
      students: studentList.map(({ id, u }) => ({
        student_id: id,
        name: (u ? fullName(u) : '') || `Student ${id}`,
        email: u?.email ?? '',
      })),
    };
  });

  registerRoute(app, deps.sessions, routes.auditSearch, async (request) => {
    const { tenant } = sessionOf(request);
    const b = request.body;
    await awaitProjections(request, deps, READS);
    // The name or e-mail search is the directory's: the log is filtered by the students it finds.
    const studentIds = b.student ? await userIdsMatching(db, tenant, b.student) : undefined;
    const found = await searchAuditLog(
      db,
      tenant,
      {
        ...(b.student_id !== undefined ? { studentId: b.student_id } : {}),
        ...(studentIds ? { studentIds } : {}),
        ...(b.assignment_id !== undefined ? { assignmentId: b.assignment_id } : {}),
        ...(b.from ? { from: b.from } : {}),
        ...(b.to ? { to: b.to } : {}),
      },
      { offset: (b.page - 1) * b.page_size, limit: b.page_size },
    );
    const responseIds = [...new Set(found.rows.map((r) => r.response_id))];
    // Previous values come from each response's whole chain up to the hit, whatever the filter.
    const chainRows = await withPeople(db, tenant, await auditRowsOfResponses(db, tenant, responseIds));
    const { byRow } = chains(chainRows);
    const n = await names(tenant, [...new Set(found.rows.map((r) => r.student_id))], [...new Set(found.rows.map((r) => r.assignment_id))]);
    const entries: AuditEntry[] = found.rows.flatMap((r) => {
      const entry = byRow.get(rowKey(r));
      return entry
        ? [
            {
              ...entry,
              response_id: r.response_id,
              assignment_id: r.assignment_id,
              assignment_title: title(n, r.assignment_id),
              student_id: r.student_id,
              student_name: studentName(n, r.student_id),
              question_id: r.question_id,
              question_number: r.question_number,
              points_possible: r.points_possible === null ? null : Number(r.points_possible),
            },
          ]
        : [];
    });
    return { entries, total: found.total, page: b.page, page_size: b.page_size };
  });

  registerRoute(app, deps.sessions, routes.auditResponseHistory, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, READS);
    const rows = await withPeople(db, tenant, await auditRowsOfResponses(db, tenant, [request.body.response_id]));
    if (rows.length === 0) throw new NotFoundError(AUDIT_MESSAGES.responseNotFound);
    const { byResponse, state } = chains(rows);
    const first = rows[0]!;
    const current = state.get(first.response_id)!;
    const n = await names(tenant, [first.student_id], [first.assignment_id]);
    return {
      response_id: first.response_id,
      assignment_id: first.assignment_id,
      assignment_title: title(n, first.assignment_id),
      student_id: first.student_id,
      student_name: studentName(n, first.student_id),
      question_id: first.question_id,
      question_number: current.questionNumber,
      entries: byResponse.get(first.response_id) ?? [],
    };
  });

  async function assignmentTitle(tenant: string, assignmentId: number): Promise<string> {
    const title = (await iaAssignmentById(db, tenant, assignmentId))?.title;
    if (title === undefined) throw new NotFoundError(AUDIT_MESSAGES.assignmentNotFound);
    return title;
  }

  registerRoute(app, deps.sessions, routes.auditGradeBookAsOf, async (request) => {
    const { tenant } = sessionOf(request);
    const { assignment_id: assignmentId, as_of: asOf } = request.body;
    await awaitProjections(request, deps, READS);
    const assignment = await assignmentTitle(tenant, assignmentId);
    const [questions, entries] = await Promise.all([
      iaQuestionSheet(db, tenant, assignmentId),
      auditRowsOfAssignment(db, tenant, assignmentId, asOf),
    ]);
    const log = await withPeople(db, tenant, entries);
    const n = await names(tenant, [...new Set(log.map((r) => r.student_id))], []);
    return gradeBookAsOf({
      assignmentId,
      title: assignment,
      asOf,
      rows: log,
      studentName: (id) => studentName(n, id),
      questions: questions.map((q) => ({
        question_id: q.question_id,
        question_number: q.question_number,
        points_possible: Number(q.marks_possible),
      })),
    });
  });

  registerRoute(app, deps.sessions, routes.auditGradeHistoryCsv, async (request, reply) => {
    const { tenant } = sessionOf(request);
    const assignmentId = request.query.assignment_id;
    await awaitProjections(request, deps, READS);
    const assignment = await assignmentTitle(tenant, assignmentId);
    const rows = await withPeople(db, tenant, await auditRowsOfAssignment(db, tenant, assignmentId));
    const n = await names(tenant, [...new Set(rows.map((r) => r.student_id))], []);
    const csv = gradeHistoryCsv(rows, { assignmentId, title: assignment, studentName: (id) => studentName(n, id) });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(assignmentId, assignment)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(csv, 'utf8'));
  });
}

import type { FastifyInstance } from 'fastify';
import { NotFoundError, PRACTICE_MESSAGES, PRACTICE_PROJECTION, routes, type PracticeListItem } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { practiceAssignmentOfStudent, practiceAssignmentsOfStudent, type PracticeRow } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const listItem = ({ questions: _q, checked_at: _c, student_id: _s, ...item }: PracticeRow): PracticeListItem => item;

/** A student's practice assignments: only their own rows are ever read. */
export function practiceQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getPracticeAssignments, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PRACTICE_PROJECTION]);
    const rows = await practiceAssignmentsOfStudent(db, s.tenant, s.userId);
    return Object.fromEntries(rows.map((r) => [String(r.doc.practice_assignment_id), listItem(r.doc)]));
  });

  registerRoute(app, sessions, routes.getPracticeAssignmentQuestions, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PRACTICE_PROJECTION]);
    const row = (await practiceAssignmentOfStudent(db, s.tenant, s.userId, request.body.assignment_id))?.doc;
    if (!row) throw new NotFoundError(PRACTICE_MESSAGES.notFound);
    const { student_id: _s, questions, ...sheet } = row;
    return { ...sheet, questions: questions.map(({ key: _k, ...q }) => q) };
  });
}

import type { FastifyInstance } from 'fastify';
import { NotFoundError, PRACTICE_MESSAGES, PRACTICE_PROJECTION, routes, type PracticeListItem, type PracticeSheet } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type Row = Omit<PracticeSheet, 'questions'> & { student_id: number; questions: (PracticeSheet['questions'][number] & { key?: string })[] };

const listItem = ({ questions: _q, checked_at: _c, student_id: _s, ...item }: Row): PracticeListItem => item;

/** A student's practice assignments: only their own rows are ever read. */
export function practiceQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getPracticeAssignments, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PRACTICE_PROJECTION]);
    const { rows } = await db.query<{ doc: Row }>(
      'SELECT doc FROM practice_assignments WHERE tenant = $1 AND student_id = $2 ORDER BY created_at DESC, practice_id DESC', [s.tenant, s.userId]);
    return Object.fromEntries(rows.map((r) => [String(r.doc.practice_assignment_id), listItem(r.doc)]));
  });

  registerRoute(app, sessions, routes.getPracticeAssignmentQuestions, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PRACTICE_PROJECTION]);
    const { rows } = await db.query<{ doc: Row }>(
      'SELECT doc FROM practice_assignments WHERE tenant = $1 AND practice_id = $2 AND student_id = $3', [s.tenant, request.body.assignment_id, s.userId]);
    const row = rows[0]?.doc;
    if (!row) throw new NotFoundError(PRACTICE_MESSAGES.notFound);
    const { student_id: _s, questions, ...sheet } = row;
    return { ...sheet, questions: questions.map(({ key: _k, ...q }) => q) };
  });
}

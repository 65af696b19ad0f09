import type { FastifyInstance } from 'fastify';
import {
  ForbiddenError, LIBRARY_MESSAGES, LIBRARY_PLACEHOLDERS, LIBRARY_PROJECTIONS, PROJECTIONS, SHARED_LIBRARY_TENANT, UNKNOWN_AUTHOR, routes,
  type LibraryQuestion, type SearchQuestionsBodySchema,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { z } from 'zod';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type QuestionRow = {
  question_id: number; subject: string; question_type: string; question_text: string; answer: string; grading_instructions: string;
  marks_possible: string | number; topics: string[]; source_title: string;
  source_document_id: string | number | null; original_question_number: string | number | null;
};

/** Each word of the search box as a prefix ('photosyn' finds photosynthesis), for to_tsquery: safe, letters and digits only. */
export function prefixTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 20).map((w) => `${w}:*`);
}

/** Pure: a read-model row as the search reply shows it, with the spec's placeholders for a missing answer or instruction. */
export function toLibraryQuestion(r: QuestionRow): LibraryQuestion {
  return {
    id: r.question_id, question_text: r.question_text, question: r.question_text,
    answer: r.answer.trim() || LIBRARY_PLACEHOLDERS.answer,
    marks_possible: Number(r.marks_possible), question_type: r.question_type, subject: r.subject, topics: r.topics,
    source_title: r.source_title,
    grading_instructions: r.grading_instructions.trim() || LIBRARY_PLACEHOLDERS.gradingInstructions,
    source_document_id: r.source_document_id, original_question_number: r.original_question_number,
  };
}

/** The libraries as a school sees them: the shared rows plus its own. */
export function libraryQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;
  const visibleTo = (tenant: string) => [SHARED_LIBRARY_TENANT, tenant];

  registerRoute(app, sessions, routes.getRubrics, async (request) => {
    await awaitProjections(request, deps, [LIBRARY_PROJECTIONS.rubrics]);
    const { rows } = await db.query<{ rubric_id: number; rubric_name: string; criterion: string; description: string }>(
      `SELECT rubric_id, rubric_name, criterion, description FROM rubrics WHERE tenant = ANY($1)
       ORDER BY lower(rubric_name), rubric_id`, [visibleTo(sessionOf(request).tenant)]);
    return rows.map((r) => ({ id: r.rubric_id, rubric_name: r.rubric_name, criterion: r.criterion, description: r.description }));
  });

  registerRoute(app, sessions, routes.listTextbooks, async (request) => {
    await awaitProjections(request, deps, [LIBRARY_PROJECTIONS.textbooks]);
    const { rows } = await db.query<{ textbook_id: number; title: string; author: string | null; subject: string }>(
      'SELECT textbook_id, title, author, subject FROM textbooks WHERE tenant = ANY($1) ORDER BY subject, title',
      [visibleTo(sessionOf(request).tenant)]);
    return rows.map((t) => ({ ...t, author: t.author || UNKNOWN_AUTHOR }));
  });

  registerRoute(app, sessions, routes.searchQuestions, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, LIBRARY_PROJECTIONS.questionLibrary]);
    const allowed = await db.query<{ smart_builder: boolean }>(
      'SELECT smart_builder FROM users WHERE tenant = $1 AND user_id = $2', [s.tenant, s.userId]);
    if (!allowed.rows[0]?.smart_builder) throw new ForbiddenError(LIBRARY_MESSAGES.smartBuilderDenied);
    const tenants = visibleTo(s.tenant);
    const [questions, facets] = await Promise.all([search(deps, tenants, request.body), facetsOf(deps, tenants)]);
    return { success: true as const, questions: questions.map(toLibraryQuestion), ...facets };
  });
}

type SearchBody = z.output<typeof SearchQuestionsBodySchema>;

/**
 * Questions matching any word rank by ts_rank; those matching every word come first. With no words, the
 * filters alone choose (by subject, then id).
 */
async function search(deps: QueryServiceDeps, tenants: string[], body: SearchBody): Promise<QuestionRow[]> {
  const terms = prefixTerms(body.query);
  const filters = [body.subject || null, body.question_type || null, body.marks_min ?? null, body.marks_max ?? null];
  const where = `tenant = ANY($1)
    AND ($2::text IS NULL OR lower(subject) = lower($2))
    AND ($3::text IS NULL OR lower(question_type) = lower($3))
    AND ($4::numeric IS NULL OR marks_possible >= $4)
    AND ($5::numeric IS NULL OR marks_possible <= $5)`;
  const columns = `question_id, subject, question_type, question_text, answer, grading_instructions, marks_possible, topics,
    source_title, source_document_id, original_question_number`;
  if (terms.length === 0) {
    const { rows } = await deps.db.query<QuestionRow>(
      `SELECT ${columns} FROM library_questions WHERE ${where} ORDER BY subject, question_id LIMIT $6`, [tenants, ...filters, body.limit]);
    return rows;
  }
  const { rows } = await deps.db.query<QuestionRow>(
    `SELECT ${columns} FROM library_questions,
       to_tsquery('english', $6) AS any_words, to_tsquery('english', $7) AS all_words
     WHERE ${where} AND search @@ any_words
     ORDER BY (search @@ all_words) DESC, ts_rank(search, any_words) DESC, question_id
     LIMIT $8`,
    [tenants, ...filters, terms.join(' | '), terms.join(' & '), body.limit]);
  return rows;
}

async function facetsOf(deps: QueryServiceDeps, tenants: string[]) {
  const { rows } = await deps.db.query<{ subjects: string[] | null; question_types: string[] | null }>(
    `SELECT array_agg(DISTINCT subject ORDER BY subject) AS subjects, array_agg(DISTINCT question_type ORDER BY question_type) AS question_types
     FROM library_questions WHERE tenant = ANY($1)`, [tenants]);
  return { subjects: rows[0]?.subjects ?? [], question_types: rows[0]?.question_types ?? [] };
}

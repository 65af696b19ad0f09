import type { FastifyInstance } from 'fastify';
import {
  CHAT_MESSAGES,
  ForbiddenError,
  LIBRARY_MESSAGES,
  NotFoundError,
  LIBRARY_PLACEHOLDERS,
  LIBRARY_PROJECTIONS,
  PROJECTIONS,
  SHARED_LIBRARY_TENANT,
  UNKNOWN_AUTHOR,
  routes,
  type LibraryQuestion,
  type SearchQuestionsBodySchema,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  libraryFacets,
  passageById,
  rubricsOfTenants,
  searchLibraryQuestions,
  textbooksOfTenants,
  userById,
  type LibraryQuestionRow,
} from '@evergrade/projectors/queries';
import type { z } from 'zod';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type QuestionRow = Pick<
  LibraryQuestionRow,
  | 'question_id'
  | 'subject'
  | 'question_type'
  | 'question_text'
  | 'answer'
  | 'grading_instructions'
  | 'marks_possible'
  | 'topics'
  | 'source_title'
  | 'source_document_id'
  | 'original_question_number'
>;

/** Each word of the search box as a prefix ('photosyn' finds photosynthesis), for to_tsquery: safe, letters and digits only. */
export function prefixTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 20).map((w) => `${w}:*`);
}

/** Pure: a read-model row as the search reply shows it, with the spec's placeholders for a missing answer or instruction. */
export function toLibraryQuestion(r: QuestionRow): LibraryQuestion {
  return {
    id: r.question_id,
    question_text: r.question_text,
    question: r.question_text,
    answer: r.answer.trim() || LIBRARY_PLACEHOLDERS.answer,
    marks_possible: Number(r.marks_possible),
    question_type: r.question_type,
    subject: r.subject,
    topics: r.topics,
    source_title: r.source_title,
    grading_instructions: r.grading_instructions.trim() || LIBRARY_PLACEHOLDERS.gradingInstructions,
    source_document_id: r.source_document_id,
    original_question_number: r.original_question_number,
  };
}

/** The libraries as a school sees them: the shared rows plus its own. */
export function libraryQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;
  const visibleTo = (tenant: string) => [SHARED_LIBRARY_TENANT, tenant];

  registerRoute(app, sessions, routes.getRubrics, async (request) => {
    await awaitProjections(request, deps, [LIBRARY_PROJECTIONS.rubrics]);
    const rows = await rubricsOfTenants(db, visibleTo(sessionOf(request).tenant));
    return rows.map((r) => ({ id: r.rubric_id, rubric_name: r.rubric_name, criterion: r.criterion, description: r.description }));
  });

  registerRoute(app, sessions, routes.listTextbooks, async (request) => {
    await awaitProjections(request, deps, [LIBRARY_PROJECTIONS.textbooks]);
    const rows = await textbooksOfTenants(db, visibleTo(sessionOf(request).tenant));
    return rows.map((t) => ({
      textbook_id: t.textbook_id,
      title: t.title,
      author: t.author || UNKNOWN_AUTHOR,
      subject: t.subject,
      example_queries: t.example_queries,
      status: t.status,
      page_count: t.page_count,
      shared: t.tenant === SHARED_LIBRARY_TENANT,
    }));
  });

  // A cited passage: of a shared book or the caller's school; anything else reads as missing (404), never as forbidden.
  registerRoute(app, sessions, routes.textbookPassage, async (request) => {
    await awaitProjections(request, deps, [PROJECTIONS.textbookPassages]);
    const passage = await passageById(db, visibleTo(sessionOf(request).tenant), request.params.passageId);
    if (!passage) throw new NotFoundError(CHAT_MESSAGES.passageNotFound);
    return passage;
  });

  registerRoute(app, sessions, routes.guestPassage, async (request) => {
    await awaitProjections(request, deps, [PROJECTIONS.textbookPassages]);
    const passage = await passageById(db, [SHARED_LIBRARY_TENANT], request.params.passageId);
    if (!passage) throw new NotFoundError(CHAT_MESSAGES.passageNotFound);
    return passage;
  });

  registerRoute(app, sessions, routes.searchQuestions, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, LIBRARY_PROJECTIONS.questionLibrary]);
    const user = await userById(db, s.tenant, s.userId);
    if (!user?.smart_builder) throw new ForbiddenError(LIBRARY_MESSAGES.smartBuilderDenied);
    const tenants = visibleTo(s.tenant);
    const [questions, facets] = await Promise.all([search(deps, tenants, request.body), facetsOf(deps, tenants)]);
    return { success: true as const, questions: questions.map(toLibraryQuestion), ...facets };
  });
}

type SearchBody = z.output<typeof SearchQuestionsBodySchema>;

const search = (deps: QueryServiceDeps, tenants: string[], body: SearchBody): Promise<QuestionRow[]> =>
  searchLibraryQuestions(deps.db, tenants, {
    terms: prefixTerms(body.query),
    subject: body.subject,
    questionType: body.question_type,
    marksMin: body.marks_min,
    marksMax: body.marks_max,
    limit: body.limit,
  });

const facetsOf = (deps: QueryServiceDeps, tenants: string[]) => libraryFacets(deps.db, tenants);

import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  GeneratePracticeBodySchema,
  MAX_REFERENCE_DOCUMENT_BYTES,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  ValidationError,
  routes,
  streamIds,
  type EventOf,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { metadataOf } from '../admin/meta';
import type { CommandServiceDeps, WithOcr } from '../context';
import { handleCommand } from '../decider';
import { allocateId } from '../ids';
import { readReferences, type UploadedPdf } from '../library/generate/references';
import { practiceDecider, type PracticeCommand } from '../practice/decide';
import { processPracticeDocument } from '../practice/documents';
import { generatePractice, type GeneratePracticeInput } from '../practice/generate';
import { readParts } from '../multipart-form';
import { courseByCode } from './grader';

type Session = { tenant: string; userId: number; role: string };

/**
 * Practice assignments (spec document 1): generation (With AI), document processing (From Document), creation,
 * answers, Reset, Check Answers and submission. Every change is an event on the practice's own stream, and
 * only its student acts on it. Its own scope: the multipart parser serves these routes only.
 */
export async function practiceRoutes(app: FastifyInstance, deps: CommandServiceDeps & WithOcr): Promise<void> {
  const { store } = deps;
  const { ocr } = deps;
  await app.register(multipart, {
    limits: {
      files: PRACTICE_LIMITS.maxReferenceDocuments + 1,
      fileSize: Math.max(DOCUMENT_MAX_BYTES, MAX_REFERENCE_DOCUMENT_BYTES),
      fields: 20,
      fieldSize: 200_000,
      parts: 30,
    },
  });

  const run = (s: Session, practiceId: number, command: PracticeCommand, commandId?: string) =>
    handleCommand(store, streamIds.practice(s.tenant, practiceId), practiceDecider, command, {
      metadata: metadataOf({ tenant: s.tenant, actorId: s.userId, actorRole: s.role }, commandId),
    });

  registerRoute(app, deps.sessions, routes.generatePracticeAssignment, async (request) => {
    const s = sessionOf(request);
    const { body, files } = request.isMultipart() ? await readMultipart(request) : { body: parseBody(request.body), files: [] };
    if (files.length + body.url_documents.length > PRACTICE_LIMITS.maxReferenceDocuments)
      throw new ValidationError(PRACTICE_MESSAGES.maxDocuments, 'reference_documents');
    const urls = body.url_documents.map((u) => ({
      gsutil_url: u.gsutil_url,
      filename: u.name || u.filename,
      original_url: u.original_url,
    }));
    const read = await readReferences({ blobs: deps.blobs, tenant: s.tenant }, files, urls, {
      files: 'reference_documents',
      urls: 'url_documents',
    });
    return generatePractice(deps, { tenant: s.tenant, actorId: s.userId, actorRole: s.role }, body, read);
  });

  registerRoute(app, deps.sessions, routes.processPracticeMarkingScheme, async (request, reply) =>
    processPracticeDocument({ blobs: deps.blobs, ai: deps.ai, ocr }, sessionOf(request), request, reply),
  );

  registerRoute(app, deps.sessions, routes.addPracticeAssignment, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    let course: string = PRACTICE_LIMITS.defaultCourse;
    let courseCode: string | undefined;
    if (b.course && b.course.toLowerCase() !== PRACTICE_LIMITS.defaultCourse.toLowerCase()) {
      const found = await courseByCode(store, s.tenant, b.course);
      if (!found || !found.studentIds.includes(s.userId)) throw new ValidationError('Please select a course', 'course');
      course = found.courseName;
      courseCode = found.courseCode;
    }
    const aiConfigId =
      b.ai_config_id === null || b.ai_config_id === undefined || b.ai_config_id === '' ? undefined : String(b.ai_config_id);
    const practiceId = await allocateId(store, 'practice');
    const result = await run(s, practiceId, {
      type: 'CreatePractice',
      practiceId,
      studentId: s.userId,
      title: b.title,
      description: b.description,
      course,
      ...(courseCode ? { courseCode } : {}),
      creationMethod: b.creation_method,
      ...(aiConfigId ? { aiConfigId } : {}),
      ...(b.gsutil_url ? { documentKey: b.gsutil_url } : {}),
      now: deps.now().toISOString(),
      questions: b.questions.map((q) => ({
        question: q.question,
        type: q.type || PRACTICE_LIMITS.defaultType,
        marksPossible: q.marks_possible,
        answer: q.answer,
        ...(q.grading_instructions ? { gradingInstructions: q.grading_instructions } : {}),
        ...(q.options?.length ? { options: q.options } : {}),
        ...(q.correct_option !== null && q.correct_option !== undefined && q.correct_option !== ''
          ? { correctOption: q.correct_option }
          : {}),
      })),
    });
    return { success: true as const, position: result.position, practice_assignment_id: practiceId };
  });

  registerRoute(app, deps.sessions, routes.setPracticeAssignmentResponse, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, question_id, response_content, command_id } = request.body;
    const result = await run(
      s,
      assignment_id,
      {
        type: 'SavePracticeAnswer',
        studentId: s.userId,
        questionId: question_id,
        responseContent: response_content,
        now: deps.now().toISOString(),
      },
      command_id,
    );
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.resetPracticeAssignment, async (request) => {
    const s = sessionOf(request);
    const result = await run(s, request.body.assignment_id, {
      type: 'ResetPracticeAnswers',
      studentId: s.userId,
      now: deps.now().toISOString(),
    });
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.checkPracticeAnswers, async (request) => {
    const s = sessionOf(request);
    const result = await run(s, request.body.assignment_id, {
      type: 'CheckPracticeAnswers',
      studentId: s.userId,
      now: deps.now().toISOString(),
    });
    const checked = result.events.find((e): e is EventOf<'PracticeAnswersChecked'> => e.type === 'PracticeAnswersChecked')!;
    return {
      success: true as const,
      position: result.position,
      points_obtained: checked.data.pointsObtained,
      points_possible: checked.data.pointsPossible,
      results: checked.data.results.map((r) => ({
        question_id: r.questionId,
        question_number: r.questionId,
        points_obtained: r.pointsObtained,
        points_possible: r.pointsPossible,
        feedback: r.feedback,
        confident: r.confident,
        matched: r.matched,
        missing: r.missing,
      })),
    };
  });

  registerRoute(app, deps.sessions, routes.submitPracticeAssignment, async (request) => {
    const s = sessionOf(request);
    const result = await run(s, request.body.assignment_id, { type: 'SubmitPractice', studentId: s.userId, now: deps.now().toISOString() });
    return { success: true as const, position: result.position };
  });
}

function parseBody(input: unknown): GeneratePracticeInput {
  const parsed = GeneratePracticeBodySchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ValidationError(issue.message, issue.path.map(String).join('.') || 'body');
}

/** The multipart form: the JSON body's fields (url_documents as JSON text) plus `reference_documents` PDFs. */
async function readMultipart(request: FastifyRequest): Promise<{ body: GeneratePracticeInput; files: UploadedPdf[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedPdf[] = [];
  await readParts(request, DOCUMENT_MESSAGES.tooLarge, async (part) => {
    if (part.type === 'file') {
      if (!/^reference_documents(\[\])?$/.test(part.fieldname))
        throw new ValidationError(`Unexpected file field ${part.fieldname}`, part.fieldname);
      if (files.length >= PRACTICE_LIMITS.maxReferenceDocuments)
        throw new ValidationError(PRACTICE_MESSAGES.maxDocuments, 'reference_documents');
      const data = await part.toBuffer();
      if (data.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new ValidationError(`Reference documents must be PDF files (${part.filename || 'unnamed file'})`, 'reference_documents');
      files.push({ name: part.filename || `Document ${files.length + 1}.pdf`, data });
      return;
    }
    const value = String(part.value ?? '');
    if (part.fieldname === 'url_documents') {
      try {
        fields.url_documents = value.trim() === '' ? [] : JSON.parse(value);
      } catch {
        throw new ValidationError('url_documents must be a JSON list', 'url_documents');
      }
    } else fields[part.fieldname] = value;
  });
  return { body: parseBody(fields), files };
}

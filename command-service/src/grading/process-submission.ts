import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  DomainError,
  GRADING_MESSAGES,
  PDF_SUBMISSION_MESSAGES,
  SUBMISSION_PDF_BATCH_SIZE,
  ValidationError,
  streamIds,
  type ProcessSubmissionLine,
  type ProcessedSubmissionQuestion,
} from '@evergrade/contracts';
import { UnreadablePdfError, type OcrEngine } from '@evergrade/documents';
import type { Session } from '@evergrade/platform/auth';
import type { NdjsonWrite } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { allocateIds, responseOwner } from '../ids';
import { readSubmissionAnswers, type ReadResult } from '../pdf-submission/read-answers';
import { loadGrading, type GradingAssignment } from './context';
import { gradingDecider } from './decide';

/** Where an instructor's upload lives: under the school and the instructor, so both are part of every lookup. */
export const graderUploadKey = (tenant: string, instructorId: number, fileName: string) =>
  `${tenant}/grader-submissions/${instructorId}/${fileName}`;

const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_([A-Za-z0-9._-]{1,200}\.pdf)$/;

/** A stored name for an upload: a fresh uuid, then the original name made safe for a blob key (letters, digits, ._- kept). */
export function uploadName(original: string): string {
  const base = original.split(/[\\/]/).pop()!.trim();
  if (!/\.pdf$/i.test(base)) throw new ValidationError(GRADING_MESSAGES.notPdf, 'file_name');
  const safe =
    base
      .slice(0, -4)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 196) || 'submission';
  return `${randomUUID()}_${safe}.pdf`;
}

/** The original name inside a stored upload name, or null when the name is not one get-signed-url gave. */
export function originalOfUpload(fileName: string): string | null {
  return UPLOAD_NAME.exec(fileName)?.[1] ?? null;
}

export type ProcessOptions = {
  deps: CommandServiceDeps;
  session: Session;
  ocr: OcrEngine;
  pdf: Buffer;
  assignment: GradingAssignment;
  studentId: number;
  fileKey: string;
  fileName: string;
  originalFilename: string;
  expressMode: boolean;
  write: NdjsonWrite<ProcessSubmissionLine>;
  signal: AbortSignal;
  request: FastifyRequest;
};

/** Read the pages (processing per batch), then record one ungraded response per question (validating), then complete. */
export async function processSubmission(o: ProcessOptions): Promise<void> {
  const { deps, assignment, write } = o;
  let read: ReadResult;
  try {
    read = await readSubmissionAnswers(o.pdf, {
      questions: assignment.questions.map((q) => ({ number: q.questionNumber, text: q.question })),
      ocr: o.ocr,
      ai: deps.ai,
      batchSize: o.expressMode ? 1 : SUBMISSION_PDF_BATCH_SIZE,
      signal: o.signal,
      onProgress: (p) => write({ status: 'processing', current_batch: p.current_batch, total_batches: p.total_batches, pages: p.pages }),
      onAiFailure: (err) => o.request.log.warn({ err }, 'the AI model could not read a submission batch; OCR reads it instead'),
    });
  } catch (err) {
    if (o.signal.aborted) return;
    o.request.log.error({ err }, 'reading an uploaded submission failed');
    write({
      status: 'error',
      error: err instanceof UnreadablePdfError ? PDF_SUBMISSION_MESSAGES.unreadable : PDF_SUBMISSION_MESSAGES.failed,
    });
    return;
  }
  if (o.signal.aborted) return;
  const texts = new Map(read.responses.map((r) => [r.question_number, r.text.trim()]));
  if (![...texts.values()].some(Boolean)) {
    write({ status: 'error', error: GRADING_MESSAGES.noResponses, pages: read.pages });
    return;
  }
  write({ status: 'validating', pages: read.pages });
  try {
    const questions = await record(o, texts, read);
    write({ status: 'complete', pages: read.pages, ...questions, student_id: o.studentId, file_name: o.fileName, method: read.method });
  } catch (err) {
    if (err instanceof DomainError && err.statusCode < 500) {
      write({ status: 'error', error: err.message, pages: read.pages });
      return;
    }
    o.request.log.error({ err }, 'recording an uploaded submission failed');
    write({ status: 'error', error: PDF_SUBMISSION_MESSAGES.failed, pages: read.pages });
  }
}

async function record(o: ProcessOptions, texts: Map<number, string>, read: ReadResult) {
  const { deps, session, assignment } = o;
  const streamId = streamIds.grading(session.tenant, assignment.assignmentId, o.studentId);
  const known = await loadGrading(deps.store, session.tenant, assignment.assignmentId, o.studentId);
  const missing = assignment.questions.filter((q) => !known.responses[q.questionId]);
  const ids = await allocateIds(
    deps.store,
    'response',
    missing.length,
    undefined,
    responseOwner(session.tenant, assignment.assignmentId, o.studentId),
  );
  const newResponseIds = Object.fromEntries(missing.map((q, i) => [q.questionId, ids[i]!]));
  const result = await handleCommand(
    deps.store,
    streamId,
    gradingDecider,
    {
      type: 'RecordFileResponses',
      assignmentId: assignment.assignmentId,
      studentId: o.studentId,
      now: deps.now().toISOString(),
      fileKey: o.fileKey,
      originalFilename: o.originalFilename,
      method: read.method,
      by: session.userId,
      newResponseIds,
      responses: assignment.questions.map((q) => ({
        questionId: q.questionId,
        questionNumber: q.questionNumber,
        response: texts.get(q.questionNumber) ?? '',
        ...(read.readings.has(q.questionNumber) ? { reading: read.readings.get(q.questionNumber)! } : {}),
      })),
    },
    { metadata: { tenant: session.tenant, actorId: String(session.userId), actorRole: session.role, commandId: randomUUID() } },
  );
  const recorded = result.events[0]?.type === 'SubmissionFileProcessed' ? result.events[0].data.responses : [];
  const byQuestion = new Map(recorded.map((r) => [r.questionId, r]));
  const questions: ProcessedSubmissionQuestion[] = assignment.questions.map((q) => ({
    question_id: q.questionId,
    question_number: q.questionNumber,
    question: q.question,
    answer: q.answer,
    response_id: byQuestion.get(q.questionId)?.responseId ?? -1,
    response: byQuestion.get(q.questionId)?.response ?? '',
    points_obtained: 0,
    points_possible: q.marksPossible,
    feedback: '',
    graded: false,
  }));
  return { questions, position: result.position };
}

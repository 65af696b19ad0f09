import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  MAX_RESPONSE_LENGTH,
  MESSAGES,
  NotFoundError,
  PDF_SUBMISSION_MESSAGES,
  SUBMISSION_PDF_BATCH_SIZE,
  SUBMISSION_PDF_MAX_BYTES,
  SUBMISSION_PDF_UPLOAD_TTL_SECONDS,
  ValidationError,
  assignmentIdOfSubmissionPdf,
  richTextToPlainText,
  routes,
  streamIds,
  submissionPdfKey,
  submissionPdfName,
  type PdfSubmissionLine,
} from '@evergrade/contracts';
import { UnreadablePdfError, type OcrEngine } from '@evergrade/documents';
import type { Session } from '@evergrade/platform/auth';
import { ndjson, registerRoute, sessionOf, type NdjsonWrite } from '@evergrade/platform/http';
import { assignmentDecider } from '../assignment/decide';
import { loadAssignmentContext } from '../assignment-context';
import type { CommandServiceDeps, WithOcr } from '../context';
import { fold, handleCommand } from '../decider';
import { readSubmissionAnswers, type ReadResult } from '../pdf-submission/read-answers';
import { storedSubmissionPdf } from '../pdf-submission/stored-pdf';
import { submissionDecider, type AssignmentContext, type SaveAnswer } from '../submission/decide';

/**
 * Handwritten submissions as PDFs (spec document 1 sections 4, 7): an upload ticket for
 * `{tenant}/submissions/{studentId}/{assignmentId}_submission.pdf`, then the streamed reading of that file,
 * whose answers are saved as the student's (AnswerSaved, source 'pdf'). The key is built from the session,
 * so a student can only ever name their own file in their own school. Its own scope: one OCR worker per
 * process, started by the first scanned page and ended when the server closes.
 *
 * What is saved: each question whose number the PDF answers with some text and that is not graded. An answer
 * the PDF leaves empty (or skips) keeps whatever the student typed before: a PDF never erases typed work.
 */
export async function studentUploadRoutes(app: FastifyInstance, deps: CommandServiceDeps & WithOcr): Promise<void> {
  const { ocr } = deps;

  registerRoute(app, deps.sessions, routes.getStudentSignedUrl, async (request) => {
    const session = sessionOf(request);
    const email = request.query.email?.trim();
    if (email && email.toLowerCase() !== session.email.toLowerCase()) throw new ForbiddenError(PDF_SUBMISSION_MESSAGES.notYourEmail);
    const assignmentId = assignmentIdOfSubmissionPdf(request.query.file_name);
    if (assignmentId === null) throw new ValidationError(PDF_SUBMISSION_MESSAGES.badFileName, 'file_name');
    await openAssignment(deps, session, assignmentId);
    const upload_url = await deps.blobs.signUpload(submissionPdfKey(session.tenant, session.userId, assignmentId), {
      contentType: 'application/pdf',
      maxBytes: SUBMISSION_PDF_MAX_BYTES,
      expiresInSeconds: SUBMISSION_PDF_UPLOAD_TTL_SECONDS,
    });
    return { upload_url, file_name: submissionPdfName(assignmentId) };
  });

  registerRoute(app, deps.sessions, routes.processPdfSubmission, async (request, reply) => {
    const session = sessionOf(request);
    const { assignment_id: assignmentId } = request.body;
    const key = submissionPdfKey(session.tenant, session.userId, assignmentId);
    checkFileName(request.body.file_name, assignmentId, key);
    const open = await openAssignment(deps, session, assignmentId);
    const pdf = await storedSubmissionPdf(deps.blobs, key, PDF_SUBMISSION_MESSAGES);
    await ndjson<PdfSubmissionLine>(reply, request, 'PDF submission', (write, signal) =>
      run({ deps, session, ocr, pdf, open, write, signal, request }),
    );
  });
}

/** The ticket's bare file name, or the caller's own full key; anything else is someone else's file or a mistake. */
function checkFileName(fileName: string, assignmentId: number, ownKey: string): void {
  if (fileName.includes('/')) {
    if (fileName !== ownKey) throw new ForbiddenError(PDF_SUBMISSION_MESSAGES.notYourFile);
    return;
  }
  const named = assignmentIdOfSubmissionPdf(fileName);
  if (named === null) throw new ValidationError(PDF_SUBMISSION_MESSAGES.badFileName, 'file_name');
  if (named !== assignmentId) throw new ValidationError(PDF_SUBMISSION_MESSAGES.fileNameMismatch, 'file_name');
}

type OpenAssignment = { context: AssignmentContext; questions: { id: number; number: number; text: string }[] };

/**
 * The assignment as the student may answer it now: visible (404 otherwise, like every student command),
 * open (409 with the spec's lock message once submitted, past due or graded).
 */
async function openAssignment(deps: CommandServiceDeps, session: Session, assignmentId: number): Promise<OpenAssignment> {
  const { store } = deps;
  const context = await loadAssignmentContext(store, session.tenant, assignmentId, session.userId);
  const now = deps.now().getTime();
  if (!context.visibleToStudent || (context.assigned && new Date(context.assigned).getTime() > now)) {
    throw new NotFoundError(MESSAGES.assignmentNotFound);
  }
  if (context.submissionsAllowed === false) throw new ConflictError(MESSAGES.noOnlineSubmissions);
  const submission = fold(submissionDecider, await store.readStream(streamIds.submission(session.tenant, assignmentId, session.userId)));
  const open = context.questionIds.find((id) => !context.gradedQuestionIds.includes(id));
  if (open === undefined && context.questionIds.length > 0) throw new ConflictError(MESSAGES.lockedTooltip);
  if (open !== undefined) {
    // The decider is pure: asking it about an unchanged answer applies every lock rule (due time, submission,
    // timed sessions) without recording anything.
    try {
      submissionDecider.decide(
        {
          type: 'SaveAnswer',
          assignment: context,
          studentId: session.userId,
          questionId: open,
          responseContent: submission.answers.get(open) ?? null,
          now: deps.now().toISOString(),
        },
        submission,
      );
    } catch (err) {
      const locked = err instanceof ConflictError && (err.message === MESSAGES.alreadySubmitted || err.message === MESSAGES.pastDue);
      throw locked ? new ConflictError(MESSAGES.lockedTooltip) : err;
    }
  }
  const assignment = fold(assignmentDecider, await store.readStream(streamIds.assignment(session.tenant, assignmentId)));
  const questions =
    assignment.status === 'none'
      ? []
      : assignment.questions.map((q) => ({
          id: q.questionId,
          number: q.questionNumber,
          text: richTextToPlainText(q.content),
        }));
  return { context, questions };
}

type Write = NdjsonWrite<PdfSubmissionLine>;

type RunOptions = {
  deps: CommandServiceDeps;
  session: Session;
  ocr: OcrEngine;
  pdf: Buffer;
  open: OpenAssignment;
  write: Write;
  signal: AbortSignal;
  request: FastifyRequest;
};

/** Read the answers (progress per page), then save them (validating) and write the complete or error line. */
async function run(o: RunOptions): Promise<void> {
  const { deps, open, write } = o;
  let read: ReadResult;
  try {
    read = await readSubmissionAnswers(o.pdf, {
      questions: open.questions.map((q) => ({ number: q.number, text: q.text })),
      ocr: o.ocr,
      ai: deps.ai,
      batchSize: SUBMISSION_PDF_BATCH_SIZE,
      signal: o.signal,
      onProgress: (progress) => write({ status: 'processing', ...progress }),
      onAiFailure: (err) => o.request.log.warn({ err }, 'the AI model could not read a submission batch; OCR reads it instead'),
    });
  } catch (err) {
    if (o.signal.aborted) return;
    o.request.log.error({ err }, 'reading a PDF submission failed');
    write({
      status: 'error',
      error: err instanceof UnreadablePdfError ? PDF_SUBMISSION_MESSAGES.unreadable : PDF_SUBMISSION_MESSAGES.failed,
    });
    return;
  }
  const pages = { pages: read.pages, total_pages: read.pages, current_page: read.pages };
  if (o.signal.aborted) return;
  if (read.responses.length === 0) {
    write({ status: 'error', error: PDF_SUBMISSION_MESSAGES.noResponses, ...pages });
    return;
  }
  write({ status: 'validating', ...pages });
  try {
    const { saved, position } = await saveResponses(o, read.responses);
    const questions = read.responses.map((r) => ({ question_number: r.question_number, response: r.text }));
    write({ status: 'complete', ...pages, questions, saved, position, method: read.method });
  } catch (err) {
    if (err instanceof DomainError && err.statusCode < 500) {
      write({ status: 'error', error: err.message, ...pages });
      return;
    }
    o.request.log.error({ err }, 'saving PDF answers failed');
    write({ status: 'error', error: PDF_SUBMISSION_MESSAGES.failed, ...pages });
  }
}

/** One SaveAnswer per question the PDF answers with text, graded questions left alone. */
async function saveResponses(o: RunOptions, responses: ReadResult['responses']): Promise<{ saved: number[]; position: string | null }> {
  const { deps, session, open } = o;
  const byNumber = new Map(open.questions.map((q) => [q.number, q.id]));
  const streamId = streamIds.submission(session.tenant, open.context.assignmentId, session.userId);
  const saved: number[] = [];
  let position: string | null = null;
  for (const r of responses) {
    const questionId = byNumber.get(r.question_number);
    const text = r.text.trim().slice(0, MAX_RESPONSE_LENGTH);
    if (questionId === undefined || !text || open.context.gradedQuestionIds.includes(questionId)) continue;
    // No clientSavedAt: that is the browser's clock, and a server time here could silence the student's later
    // typed edits when their clock runs behind. The upload modal saves pending edits before uploading.
    const command: SaveAnswer = {
      type: 'SaveAnswer',
      assignment: open.context,
      studentId: session.userId,
      questionId,
      responseContent: text,
      now: deps.now().toISOString(),
      source: 'pdf',
    };
    const result = await handleCommand(deps.store, streamId, submissionDecider, command, {
      metadata: { tenant: session.tenant, actorId: String(session.userId), actorRole: session.role, commandId: randomUUID() },
    });
    saved.push(r.question_number);
    position = result.position ?? position;
  }
  return { saved, position };
}

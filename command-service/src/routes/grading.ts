import type { FastifyInstance } from 'fastify';
import {
  ForbiddenError,
  GRADING_MESSAGES,
  NotFoundError,
  SUBMISSION_PDF_MAX_BYTES,
  SUBMISSION_PDF_UPLOAD_TTL_SECONDS,
  ValidationError,
  routes,
  streamIds,
  type GradeSubmissionLine,
  type ProcessSubmissionLine,
} from '@evergrade/contracts';
import { ndjson, registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps, WithOcr } from '../context';
import { handleCommand } from '../decider';
import { loadGrading, loadGradingAssignment, requireStudent, type GradingAssignment } from '../grading/context';
import { gradingDecider, StaleResponseEditError } from '../grading/decide';
import { graderUploadKey, originalOfUpload, processSubmission, uploadName } from '../grading/process-submission';
import { storedSubmissionPdf } from '../pdf-submission/stored-pdf';
import { createRegradeJobs } from '../grading/regrade-jobs';
import { currentLine, gradeQuestion, metadataOf, responsesFor } from '../grading/run';
import { regradeJobRoutes } from './regrade-jobs';

type Session = ReturnType<typeof sessionOf>;

/**
 * Instructor grading (spec document 2 sections 2-9). Every change is an event on the student's grading stream
 * (`grading:{tenant}:{assignmentId}:{studentId}`); only an instructor who teaches the assignment's course acts on it.
 * Its own scope: one OCR worker for uploaded scans, ended when the server closes.
 */
export async function gradingRoutes(app: FastifyInstance, deps: CommandServiceDeps & WithOcr): Promise<void> {
  const { ocr } = deps;
  const { store } = deps;
  // Regrade-all jobs: resumed once the server is ready, stopped (each after its current student) when it closes.
  const jobs = createRegradeJobs(deps, (err, msg) => app.log.warn({ err }, msg));
  app.addHook('onReady', async () => {
    jobs.resume().catch((err: unknown) => app.log.error({ err }, 'regrade jobs could not resume'));
  });
  app.addHook('preClose', async () => jobs.halt());
  app.addHook('onClose', () => jobs.stop());
  regradeJobRoutes(app, deps, jobs);

  registerRoute(app, deps.sessions, routes.getGraderSignedUrl, async (request) => {
    const s = sessionOf(request);
    const email = request.query.email?.trim();
    if (email && email.toLowerCase() !== s.email.toLowerCase()) throw new ForbiddenError('email must be your own e-mail address');
    const file_name = uploadName(request.query.file_name);
    const upload_url = await deps.blobs.signUpload(graderUploadKey(s.tenant, s.userId, file_name), {
      contentType: 'application/pdf',
      maxBytes: SUBMISSION_PDF_MAX_BYTES,
      expiresInSeconds: SUBMISSION_PDF_UPLOAD_TTL_SECONDS,
    });
    return { upload_url, file_name };
  });

  registerRoute(app, deps.sessions, routes.processSubmission, async (request, reply) => {
    const s = sessionOf(request);
    const b = request.body;
    const original = originalOfUpload(b.file_name);
    if (original === null) throw new ValidationError('file_name must be the name get-signed-url returned', 'file_name');
    const assignment = await loadGradingAssignment(store, s.tenant, b.assignment_id, s.userId);
    requireStudent(assignment, b.student_id);
    if (assignment.questions.length === 0) throw new ValidationError(GRADING_MESSAGES.noQuestions, 'assignment_id');
    const fileKey = graderUploadKey(s.tenant, s.userId, b.file_name);
    const pdf = await storedSubmissionPdf(deps.blobs, fileKey, GRADING_MESSAGES);
    await ndjson<ProcessSubmissionLine>(reply, request, 'process-submission', (write, signal) =>
      processSubmission({
        deps,
        session: s,
        ocr,
        pdf,
        assignment,
        studentId: b.student_id,
        fileKey,
        fileName: b.file_name,
        originalFilename: b.original_filename || original,
        expressMode: b.express_mode,
        write,
        signal,
        request,
      }),
    );
  });

  registerRoute(app, deps.sessions, routes.gradeSubmission, async (request, reply) => {
    const s = sessionOf(request);
    const { assignment_id, student_id, override_manual } = request.body;
    const assignment = await loadGradingAssignment(store, s.tenant, assignment_id, s.userId);
    requireStudent(assignment, student_id);
    const state = await responsesFor(deps, s, assignment, student_id);
    const questions = assignment.questions.filter((q) => state.responses[q.questionId]);
    if (questions.length === 0) throw new NotFoundError(GRADING_MESSAGES.nothingToGrade);
    await ndjson<GradeSubmissionLine>(reply, request, 'grade-submission', async (write, signal) => {
      let graded = 0;
      let position: string | null = null;
      try {
        for (const q of questions) {
          if (signal.aborted) return;
          const r = state.responses[q.questionId]!;
          // Already graded (and not a hand-set mark the instructor wants replaced): reported as it stands.
          if (r.graded && !(r.manual && override_manual)) {
            write(currentLine(student_id, q, r));
            continue;
          }
          const {
            position: p,
            instructions: _i,
            instructionsNote: _n,
            ...line
          } = await gradeQuestion(deps, s, assignment, student_id, q, state, {
            regradeInstructions: '',
            overrideManual: override_manual,
            log: (err) => request.log.warn({ err }, 'AI grade unusable; graded offline'),
          });
          graded += 1;
          position = p ?? position;
          write(line);
        }
        write({ status: 'complete', graded, position });
      } catch (err) {
        request.log.error({ err }, 'grading failed');
        write({ status: 'error', error: 'Grading failed. The questions not yet graded stay ungraded.' });
      }
    });
  });

  registerRoute(app, deps.sessions, routes.regradeQuestion, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const assignment = await loadGradingAssignment(store, s.tenant, b.assignment_id, s.userId);
    const q = assignment.questions.find((x) => x.questionNumber === b.question_number);
    if (!q) throw new NotFoundError(GRADING_MESSAGES.questionNotFound(b.question_number));
    const named = b.student_id ?? (await studentOfSubmission(s, assignment, b.filename));
    const instructions = b.regrade_instructions.trim();
    const state = await responsesFor(deps, s, assignment, named);
    if (!state.responses[q.questionId]) throw new NotFoundError(GRADING_MESSAGES.submissionNotFound);
    const l = await gradeQuestion(deps, s, assignment, named, q, state, {
      regradeInstructions: instructions,
      overrideManual: b.override_manual,
      log: (err: unknown) => request.log.warn({ err }, 'AI grade unusable; graded offline'),
    });
    // Every other student: a background job (regrade-job follows it), never one long request.
    const others = assignment.studentIds.filter((id) => id !== named);
    const job =
      b.all_students && others.length > 0
        ? await jobs.start(s, assignment, q, { instructions, overrideManual: b.override_manual, studentIds: others })
        : null;
    return {
      points_obtained: l.points_obtained,
      points_possible: l.points_possible,
      feedback: l.feedback,
      response: l.response,
      response_id: l.response_id,
      flagged_for_review: l.flagged_for_review,
      grader: l.grader,
      kept_manual: l.kept_manual,
      version: l.version,
      position: job?.position ?? l.position,
      instructions: l.instructions,
      ...(l.instructionsNote ? { instructions_note: l.instructionsNote } : {}),
      ...(job ? { job_id: job.jobId } : {}),
    };
  });

  registerRoute(app, deps.sessions, routes.resetGradingStatus, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const assignment = await loadGradingAssignment(store, s.tenant, b.assignment_id, s.userId);
    let position: string | null = null;
    for (const studentId of new Set(b.student_ids)) {
      const result = await handleCommand(
        store,
        streamIds.grading(s.tenant, assignment.assignmentId, studentId),
        gradingDecider,
        {
          type: 'ResetGrading',
          assignmentId: assignment.assignmentId,
          studentId,
          now: deps.now().toISOString(),
          by: s.userId,
          overrideManual: b.override_manual,
          ...(b.question_ids ? { questionIds: b.question_ids } : {}),
        },
        { metadata: metadataOf(s) },
      );
      if (result.events.length) position = result.position;
    }
    return { success: true as const, position };
  });

  registerRoute(app, deps.sessions, routes.updateResponse, async (request, reply) => {
    const s = sessionOf(request);
    const b = request.body;
    const at = await deps.locateResponse(s.tenant, b.response_id);
    if (!at) throw new NotFoundError(GRADING_MESSAGES.responseNotFound);
    const assignment = await loadGradingAssignment(store, s.tenant, at.assignmentId, s.userId);
    const state = await loadGrading(store, s.tenant, at.assignmentId, at.studentId);
    const r = Object.values(state.responses).find((x) => x.responseId === b.response_id);
    const q = r && assignment.questions.find((x) => x.questionId === r.questionId);
    if (!r || !q) throw new NotFoundError(GRADING_MESSAGES.responseNotFound);
    try {
      const result = await handleCommand(
        store,
        streamIds.grading(s.tenant, at.assignmentId, at.studentId),
        gradingDecider,
        {
          type: 'EditResponse',
          assignmentId: at.assignmentId,
          studentId: at.studentId,
          now: deps.now().toISOString(),
          responseId: b.response_id,
          points: b.points_obtained,
          pointsPossible: q.marksPossible,
          feedback: b.feedback,
          by: s.userId,
          ...(b.flag_resolved !== undefined ? { flagResolved: b.flag_resolved } : {}),
          expectedVersion: b.expected_version,
          ...(b.reason ? { reason: b.reason } : {}),
        },
        { metadata: metadataOf(s) },
      );
      const after = await loadGrading(store, s.tenant, at.assignmentId, at.studentId);
      return { success: true as const, position: result.position, version: after.responses[r.questionId]!.version };
    } catch (err) {
      if (err instanceof StaleResponseEditError) return reply.code(409).send({ message: err.message, current: err.current });
      throw err;
    }
  });

  /** A submission's key as the spec's client sends it: the student id, or the uploaded file's original name. */
  async function studentOfSubmission(s: Session, a: GradingAssignment, filename: string): Promise<number> {
    if (/^\d+$/.test(filename)) {
      const id = Number(filename);
      requireStudent(a, id);
      return id;
    }
    const wanted = filename.replace(/\.pdf$/i, '').toLowerCase();
    for (const studentId of a.studentIds) {
      const g = await loadGrading(store, s.tenant, a.assignmentId, studentId);
      const name = g.originalFilename?.replace(/\.pdf$/i, '').toLowerCase();
      if (name && (name === wanted || name.replace(' ', '_') === wanted)) return studentId;
    }
    throw new NotFoundError(GRADING_MESSAGES.submissionNotFound);
  }
}

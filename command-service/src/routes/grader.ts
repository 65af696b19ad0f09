import type { FastifyInstance } from 'fastify';
import { MESSAGES, NotFoundError, ValidationError, routes, streamIds, type Question } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { EventStore } from '@evergrade/platform/event-store';
import { assignmentDecider, type AssignmentCommand } from '../assignment/decide';
import type { CommandServiceDeps } from '../context';
import { courseDecider, type Course } from '../course/course';
import { fold, handleCommand } from '../decider';
import { allocateId, allocateIds, questionOwner } from '../ids';
import { teachesAssignment } from '../assignment-context';

type Session = { tenant: string; userId: number; role: string };
const metadataFor = (s: Session) => ({ tenant: s.tenant, actorId: String(s.userId), actorRole: s.role });
const optionalString = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** A course of this school by code (case as typed or as created), folded from its own stream. */
export async function courseByCode(store: EventStore, tenant: string, code: string): Promise<Extract<Course, { status: 'active' }> | null> {
  const reservation = await store.readStream(streamIds.courseCode(tenant, code));
  const reserved = reservation.find((e) => e.type === 'CourseCodeReserved');
  if (!reserved) return null;
  const course = fold(courseDecider, await store.readStream(streamIds.course(tenant, Number(reserved.data.courseId))));
  return course.status === 'active' ? course : null;
}

/** Authoring commands (spec document 3 section 5, document 2 sections 2-5): every change is an event on the assignment. */
export function graderRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { store } = deps;

  /** The assignment's course decides who may change it: an instructor who teaches it now. */
  const teaches = (tenant: string, assignmentId: number, instructorId: number) =>
    teachesAssignment(store, tenant, assignmentId, instructorId);

  const run = async (s: Session, assignmentId: number, command: AssignmentCommand) => {
    const result = await handleCommand(store, streamIds.assignment(s.tenant, assignmentId), assignmentDecider, command, {
      metadata: metadataFor(s),
    });
    return { success: true as const, position: result.position };
  };

  registerRoute(app, deps.sessions, routes.addAssignment, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const course = await courseByCode(store, s.tenant, b.course);
    if (!course || !course.instructorIds.includes(s.userId)) throw new ValidationError('Please select a course', 'course');
    const now = deps.now();
    const scheduled = b.make_live === 'scheduled' && b.student_submissions_allowed;
    if (scheduled && !b.live_date) throw new ValidationError('Please select both date and time for scheduled release', 'live_date');
    const assigned = scheduled && b.live_date ? new Date(b.live_date) : now;
    if (new Date(b.due_date) <= assigned) {
      throw new ValidationError(
        scheduled ? 'The due date must be after the release date' : 'The due date must be in the future',
        'due_date',
      );
    }
    const numbers = new Set(b.questions.map((q) => q.question_number));
    if (numbers.size !== b.questions.length) throw new ValidationError('Each question needs its own number', 'questions');
    const assignmentId = await allocateId(store, 'assignment');
    const ids = await allocateIds(store, 'question', b.questions.length, undefined, questionOwner(s.tenant, assignmentId));
    const questions: Question[] = b.questions.map((q, i) => ({
      questionId: ids[i]!,
      questionNumber: q.question_number,
      content: q.question,
      marksPossible: q.marks_possible,
      answer: q.answer,
      gradingInstructions: q.grading_instructions,
      tags: q.tags,
      ...(q.flagged_for_review ? { flaggedForReview: q.flagged_for_review } : {}),
      ...(q.question_type ? { questionType: q.question_type } : {}),
      ...(q.topics?.length ? { topics: q.topics } : {}),
      ...(optionalString(q.source_document_id) ? { sourceDocumentId: optionalString(q.source_document_id)! } : {}),
      ...(optionalString(q.original_question_number) ? { originalQuestionNumber: optionalString(q.original_question_number)! } : {}),
    }));
    const aiConfigId = optionalString(b.ai_config);
    const documentKey = optionalString(b.gsutil_url);
    const result = await run(s, assignmentId, {
      type: 'CreateAssignment',
      assignmentId,
      courseId: course.courseId,
      instructorTeachesCourse: true,
      createdBy: s.userId,
      title: b.title,
      assigned: assigned.toISOString(),
      due: new Date(b.due_date).toISOString(),
      timeLimitSeconds: b.time_limit,
      questions,
      publish: true,
      now: now.toISOString(),
      description: b.description,
      submissionsAllowed: b.student_submissions_allowed,
      creationMethod: b.creation_method,
      ...(aiConfigId ? { aiConfigId } : {}),
      ...(documentKey ? { documentKey } : {}),
      ...(b.rubric_ids?.length ? { rubricIds: b.rubric_ids.map(String) } : {}),
    });
    return { ...result, assignment_id: assignmentId };
  });

  registerRoute(app, deps.sessions, routes.renameAssignment, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, new_title } = request.body;
    return run(s, assignment_id, {
      type: 'RenameAssignment',
      title: new_title,
      now: deps.now().toISOString(),
      instructorTeachesCourse: await teaches(s.tenant, assignment_id, s.userId),
    });
  });

  registerRoute(app, deps.sessions, routes.deleteAssignment, async (request) => {
    const s = sessionOf(request);
    const { assignment_id } = request.body;
    return run(s, assignment_id, {
      type: 'DeleteAssignment',
      now: deps.now().toISOString(),
      instructorTeachesCourse: await teaches(s.tenant, assignment_id, s.userId),
    });
  });

  registerRoute(app, deps.sessions, routes.updateQuestion, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const assignmentId = b.assignment_id ?? (await deps.locateQuestion(s.tenant, b.question_id));
    if (assignmentId === null) throw new NotFoundError(MESSAGES.questionNotFound);
    return run(s, assignmentId, {
      type: 'UpdateQuestion',
      questionId: b.question_id,
      content: b.question,
      answer: b.answer,
      gradingInstructions: b.grading_instructions,
      marksPossible: b.marks_possible,
      ...(b.tags ? { tags: b.tags } : {}),
      ...(b.flagged_for_review !== undefined ? { flaggedForReview: b.flagged_for_review } : {}),
      now: deps.now().toISOString(),
      instructorTeachesCourse: await teaches(s.tenant, assignmentId, s.userId),
    });
  });
}

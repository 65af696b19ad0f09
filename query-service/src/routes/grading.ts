import type { FastifyInstance } from 'fastify';
import {
  GRADING_MESSAGES,
  GRADING_PROJECTION,
  MESSAGES,
  NotFoundError,
  PROJECTIONS,
  routes,
  type GradedQuestion,
  type ResponseHistoryEntry,
  type StudentGrading,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  fullName,
  gradedResponseById,
  gradedResponsesOf,
  gradingSubmissionsOf,
  iaQuestionSheet,
  iaSubmittedStudentIds,
  responseHistoryOf,
  taughtAssignment,
  typedResponsesOf,
  usersMap,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const num = (v: string | number | null) => (v === null ? null : Number(v));
const READS = [GRADING_PROJECTION, PROJECTIONS.instructorAssignments, PROJECTIONS.assignmentQuestions, PROJECTIONS.directory];

/** Grades as the instructor reads them (spec document 2 section 3, "Graded question per student"). */
export function gradingQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  /** The assignment's title when the instructor teaches its course now; anyone else hears 404. */
  const ownAssignment = async (tenant: string, instructorId: number, assignmentId: number): Promise<string> => {
    const assignment = await taughtAssignment(db, tenant, instructorId, assignmentId);
    if (!assignment) throw new NotFoundError(MESSAGES.assignmentNotFound);
    return assignment.title;
  };

  registerRoute(app, sessions, routes.previousQuestionsAndResponses, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, READS);
    const title = await ownAssignment(s.tenant, s.userId, id);
    const [questions, submissions, responses, submitted] = await Promise.all([
      iaQuestionSheet(db, s.tenant, id),
      gradingSubmissionsOf(db, s.tenant, id),
      gradedResponsesOf(db, s.tenant, id),
      iaSubmittedStudentIds(db, s.tenant, id),
    ]);
    // Typed answers of students who submitted online and are not on a grading stream yet.
    const online = await typedResponsesOf(db, s.tenant, id, submitted);
    const students = new Map<number, { source: 'file' | 'online'; original_filename: string }>();
    for (const r of submissions) students.set(Number(r.student_id), { source: r.source, original_filename: r.original_filename ?? '' });
    for (const r of online)
      if (!students.has(Number(r.student_id))) students.set(Number(r.student_id), { source: 'online', original_filename: '' });
    const users = await usersMap(db, s.tenant, [...students.keys()]);
    const graded = new Map(responses.map((r) => [`${r.student_id}:${r.question_id}`, r]));
    const typed = new Map(online.map((r) => [`${r.student_id}:${r.question_id}`, r.response_content ?? '']));

    const reply: Record<string, StudentGrading> = {};
    for (const [studentId, sub] of [...students].sort((a, b) => a[0] - b[0])) {
      const list = questions.map((q): GradedQuestion => {
        const r = graded.get(`${studentId}:${q.question_id}`);
        const base = {
          question_id: q.question_id,
          question_number: q.question_number,
          question: q.content,
          answer: q.answer,
          points_possible: Number(q.marks_possible),
        };
        if (!r) {
          return {
            ...base,
            response_id: -1,
            response: typed.get(`${studentId}:${q.question_id}`) ?? '',
            points_obtained: 0,
            feedback: '',
            original_feedback: '',
            graded: false,
            flagged_for_review: '',
            flag_resolved: false,
            graded_by: '',
            version: 0,
          };
        }
        return {
          ...base,
          response_id: Number(r.response_id),
          response: r.response,
          points_obtained: Number(r.points),
          feedback: r.feedback,
          original_feedback: r.original_feedback,
          graded: r.graded,
          flagged_for_review: r.flagged_for_review,
          flag_resolved: r.flag_resolved,
          graded_by: r.graded_by,
          version: Number(r.version),
        };
      });
      reply[String(studentId)] = {
        student_id: studentId,
        questions: list,
        grading: {
          obtained: list.reduce((t, q) => t + q.points_obtained, 0),
          possible: list.reduce((t, q) => t + q.points_possible, 0),
          assignment_title: title,
        },
        student_data: {
          student_name: users.has(studentId) ? fullName(users.get(studentId)!) : '',
          original_filename: sub.original_filename,
        },
        graded: list.length > 0 && list.every((q) => q.graded),
        flag_count: list.filter((q) => q.flagged_for_review !== '' && !q.flag_resolved).length,
        source: sub.source,
      };
    }
    return reply;
  });

  registerRoute(app, sessions, routes.responseHistory, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, READS);
    const response = await gradedResponseById(db, s.tenant, request.body.response_id);
    if (!response) throw new NotFoundError(GRADING_MESSAGES.responseNotFound);
    await ownAssignment(s.tenant, s.userId, Number(response.assignment_id));
    const history = await responseHistoryOf(db, s.tenant, request.body.response_id);
    // Instructors are named as they are now (ids never change); other actors keep the name the link recorded.
    const instructors = await usersMap(
      db,
      s.tenant,
      history.filter((h) => h.actor_kind === 'instructor' && h.actor_id !== null).map((h) => h.actor_id!),
    );
    return history.map((h): ResponseHistoryEntry => {
      const person = h.actor_kind === 'instructor' && h.actor_id !== null ? instructors.get(Number(h.actor_id)) : undefined;
      return {
        version: Number(h.version),
        kind: h.kind,
        at: new Date(h.at).toISOString(),
        actor_kind: h.actor_kind,
        actor: person ? fullName(person) : h.actor,
        actor_id: h.actor_id,
        previous_points: num(h.previous_points),
        points: num(h.points),
        previous_feedback: h.previous_feedback,
        feedback: h.feedback,
        flagged_for_review: h.flagged_for_review,
        confidence: h.confidence === null ? null : Number(h.confidence),
        reason: h.reason,
        position: h.position,
      };
    });
  });
}

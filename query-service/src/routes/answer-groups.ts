import type { FastifyInstance } from 'fastify';
import {
  ANSWER_GROUPS_PROJECTION,
  GRADING_PROJECTION,
  MESSAGES,
  NotFoundError,
  PROJECTIONS,
  richTextToPlainText,
  routes,
  type AnswerGroup,
  type AnswerGroupMember,
} from '@evergrade/contracts';
import { EMPTY_GROUP_KEY, groupResponses } from '@evergrade/grading';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  answerGroupSplitsOf,
  fullName,
  gradedResponsesOf,
  iaQuestionSheet,
  iaSubmittedStudentIds,
  taughtAssignment,
  typedResponsesOf,
  usersMap,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const READS = [
  GRADING_PROJECTION,
  ANSWER_GROUPS_PROJECTION,
  PROJECTIONS.instructorAssignments,
  PROJECTIONS.assignmentQuestions,
  PROJECTIONS.directory,
];

const KINDS = { n: 'number', m: 'maths', t: 'text', u: 'unreadable' } as const;
const kindOf = (key: string): AnswerGroup['kind'] => (key === EMPTY_GROUP_KEY ? 'empty' : (KINDS[key[0] as keyof typeof KINDS] ?? 'text'));

/**
 * Grade by question (issue 14 item 6): one question's responses grouped by equivalent answer, from the grading read
 * model (texts and marks) and the answer-groups read model (the instructor's splits). Submitted typed answers not yet
 * on a grading stream are members too (response_id -1); grading their group records them.
 */
export function answerGroupQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getAnswerGroups, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, READS);
    const assignment = await taughtAssignment(db, s.tenant, s.userId, id);
    if (!assignment) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const sheet = await iaQuestionSheet(db, s.tenant, id);
    const questions = sheet.map((q) => ({
      question_id: Number(q.question_id),
      question_number: Number(q.question_number),
      question: richTextToPlainText(q.content),
      answer: richTextToPlainText(q.answer ?? ''),
      points_possible: Number(q.marks_possible),
    }));
    const wanted = request.body.question_id ?? questions[0]?.question_id;
    const question = questions.find((q) => q.question_id === wanted);
    if (wanted !== undefined && !question) throw new NotFoundError('Question not found');
    if (!question) return { assignment_title: assignment.title, questions, question_id: null, groups: [] };

    const [responses, splits, submitted] = await Promise.all([
      gradedResponsesOf(db, s.tenant, id),
      answerGroupSplitsOf(db, s.tenant, id, question.question_id),
      iaSubmittedStudentIds(db, s.tenant, id),
    ]);
    const recorded = responses.filter((r) => Number(r.question_id) === question.question_id);
    const onStream = new Set(recorded.map((r) => Number(r.student_id)));
    const typed = (
      await typedResponsesOf(
        db,
        s.tenant,
        id,
        submitted.filter((sid) => !onStream.has(sid)),
      )
    ).filter((r) => r.question_id === question.question_id);
    const users = await usersMap(db, s.tenant, [...onStream, ...typed.map((r) => r.student_id)]);
    const nameOf = (studentId: number) => (users.has(studentId) ? fullName(users.get(studentId)!) : '');

    const members: (AnswerGroupMember & { responseId: number; flaggedForReview?: string })[] = [
      ...recorded.map((r) => ({
        responseId: Number(r.response_id),
        flaggedForReview: r.flagged_for_review,
        response_id: Number(r.response_id),
        student_id: Number(r.student_id),
        student_name: nameOf(Number(r.student_id)),
        response: r.response,
        points_obtained: Number(r.points),
        feedback: r.feedback,
        graded: r.graded,
        graded_by: r.graded_by,
        flagged_for_review: r.flagged_for_review,
        flag_resolved: r.flag_resolved,
        version: Number(r.version),
      })),
      // Not recorded yet: sorted after the recorded ones, by student.
      ...typed.map((r) => ({
        responseId: Number.MAX_SAFE_INTEGER - 1_000_000 + r.student_id,
        response_id: -1,
        student_id: r.student_id,
        student_name: nameOf(r.student_id),
        response: r.response_content ?? '',
        points_obtained: 0,
        feedback: '',
        graded: false,
        graded_by: '',
        flagged_for_review: '',
        flag_resolved: false,
        version: 0,
      })),
    ];
    const overrides = Object.fromEntries(splits.map((x) => [Number(x.response_id), { naturalKey: x.natural_key, key: x.group_key }]));
    const groups = groupResponses(members, overrides).map(({ key, members: list }): AnswerGroup => {
      const plain = list.map(({ responseId: _, flaggedForReview: __, ...m }) => ({ ...m, response: richTextToPlainText(m.response) }));
      return {
        key,
        kind: kindOf(key),
        split: key.includes('.'),
        representative: plain[0]!.response,
        size: plain.length,
        graded_count: plain.filter((m) => m.graded).length,
        flagged_count: plain.filter((m) => m.flagged_for_review !== '' && !m.flag_resolved).length,
        marks: [...new Set(plain.filter((m) => m.graded).map((m) => m.points_obtained))].sort((a, b) => a - b),
        members: plain,
      };
    });
    return { assignment_title: assignment.title, questions, question_id: question.question_id, groups };
  });
}

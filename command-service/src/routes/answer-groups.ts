import type { FastifyInstance } from 'fastify';
import { ANSWER_GROUP_MESSAGES, NotFoundError, routes, streamIds, ValidationError } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { groupGradeDecider, loadQuestionAnswers, loadSplits, membersOf, splitDecider } from '../grading/answer-groups';
import { loadGradingAssignment } from '../grading/context';
import { metadataOf } from '../grading/run';

/**
 * Answer groups (issue 14 item 6): grade a group once (a mark edit on every member's grading stream, naming the
 * group), split a group. Only an instructor who teaches the assignment's course acts on it; anyone else hears 404.
 */
export function answerGroupRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { store } = deps;

  const questionOf = async (tenant: string, userId: number, assignmentId: number, questionId: number) => {
    const assignment = await loadGradingAssignment(store, tenant, assignmentId, userId);
    const question = assignment.questions.find((q) => q.questionId === questionId);
    if (!question) throw new NotFoundError(ANSWER_GROUP_MESSAGES.questionNotFound);
    return { assignment, question };
  };

  registerRoute(app, deps.sessions, routes.gradeAnswerGroup, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const { assignment, question } = await questionOf(s.tenant, s.userId, b.assignment_id, b.question_id);
    if (b.points_obtained > question.marksPossible)
      throw new ValidationError(`Marks must be between 0 and ${question.marksPossible}`, 'points_obtained');
    const answers = await loadQuestionAnswers(deps, s, assignment, question.questionId);
    const splits = await loadSplits(deps, s.tenant, assignment.assignmentId, question.questionId);
    const members = membersOf(answers, splits, b.group_key);
    if (members.length === 0) throw new NotFoundError(ANSWER_GROUP_MESSAGES.groupNotFound);
    const metadata = metadataOf(s);
    let position: string | null = null;
    let changed = 0;
    for (const m of members) {
      const result = await handleCommand(
        store,
        streamIds.grading(s.tenant, assignment.assignmentId, m.studentId),
        groupGradeDecider,
        {
          type: 'GradeGroupMember',
          assignmentId: assignment.assignmentId,
          studentId: m.studentId,
          questionId: question.questionId,
          responseId: m.state.responseId,
          groupKey: b.group_key,
          groupSize: members.length,
          override: splits.overrides[m.state.responseId],
          points: b.points_obtained,
          pointsPossible: question.marksPossible,
          feedback: b.feedback,
          flagResolved: b.flag_resolved ?? false,
          by: s.userId,
          now: deps.now().toISOString(),
        },
        { metadata },
      );
      if (result.events.length) {
        changed += 1;
        position = result.position;
      }
    }
    return { success: true as const, position, members: members.length, changed };
  });

  registerRoute(app, deps.sessions, routes.splitAnswerGroup, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const { assignment, question } = await questionOf(s.tenant, s.userId, b.assignment_id, b.question_id);
    const answers = await loadQuestionAnswers(deps, s, assignment, question.questionId);
    // A student without a response to the question names none (-id): not a member, so the split is refused.
    const byStudent = new Map(answers.map((x) => [x.studentId, x.state.responseId]));
    const result = await handleCommand(
      store,
      streamIds.answerGroups(s.tenant, assignment.assignmentId, question.questionId),
      splitDecider,
      {
        type: 'SplitAnswerGroup',
        assignmentId: assignment.assignmentId,
        questionId: question.questionId,
        groupKey: b.group_key,
        responseIds: [...new Set([...b.response_ids, ...b.student_ids.map((id) => byStudent.get(id) ?? -id)])],
        answers: answers.map((x) => ({ responseId: x.state.responseId, naturalKey: x.naturalKey })),
        by: s.userId,
        now: deps.now().toISOString(),
      },
      { metadata: metadataOf(s) },
    );
    return { success: true as const, position: result.position, group_key: result.events[0]!.data.key };
  });
}

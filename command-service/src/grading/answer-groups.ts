import {
  ANSWER_GROUP_MESSAGES,
  ConflictError,
  evolveAnswerGroupSplits,
  initialAnswerGroupSplits,
  NotFoundError,
  splitGroupKey,
  streamIds,
  ValidationError,
  type AnswerGroupSplit,
  type AnswerGroupSplits,
} from '@evergrade/contracts';
import { effectiveKey, groupKey } from '@evergrade/grading';
import type { CommandServiceDeps } from '../context';
import { fold, type Decider } from '../decider';
import { submissionDecider } from '../submission/decide';
import type { GradingAssignment } from './context';
import { markEditEvents } from './decide';
import { evolve, initialState, type Grading, type GradingEvent, type ResponseState } from './grading';
import { responsesFor, type Actor } from './run';

/**
 * Answer groups on the write side (issue 14 item 6). A group is computed, never stored: its members are the responses
 * whose text has its key (grading's `groupKey`), as the students' grading streams hold them, unless a split recorded
 * on the question's `answer-groups` stream moved them. Grading a group is one decision per member's stream, each
 * re-checking that the member is still in the group; a split is a decision on the question's stream.
 */

/** One student's response to the question, as its grading stream holds it, with the key of its own text. */
export type QuestionAnswer = { studentId: number; naturalKey: string; state: ResponseState };

/**
 * Every response to the question on the students' grading streams. Submitted typed answers are captured onto the
 * grading stream first (as grading a submission does), so they can be graded.
 */
export async function loadQuestionAnswers(
  deps: CommandServiceDeps,
  s: Actor,
  a: GradingAssignment,
  questionId: number,
): Promise<QuestionAnswer[]> {
  const answers: QuestionAnswer[] = [];
  for (const studentId of a.studentIds) {
    const submission = fold(submissionDecider, await deps.store.readStream(streamIds.submission(s.tenant, a.assignmentId, studentId)));
    const grading =
      submission.status === 'submitted'
        ? await responsesFor(deps, s, a, studentId)
        : fold({ evolve, initialState }, await deps.store.readStream(streamIds.grading(s.tenant, a.assignmentId, studentId)));
    const r = grading.responses[questionId];
    if (r) answers.push({ studentId, naturalKey: groupKey(r.response, r), state: r });
  }
  return answers;
}

export async function loadSplits(deps: CommandServiceDeps, tenant: string, assignmentId: number, questionId: number) {
  return fold(splitDecider, await deps.store.readStream(streamIds.answerGroups(tenant, assignmentId, questionId)));
}

/** The members of a group now: the answers whose key, after the splits, is `key`. */
export const membersOf = (answers: readonly QuestionAnswer[], splits: AnswerGroupSplits, key: string): QuestionAnswer[] =>
  answers.filter((x) => effectiveKey(x.naturalKey, splits.overrides[x.state.responseId]) === key);

/** Grade one member of a group, on its student's grading stream. */
export type GradeGroupMember = {
  type: 'GradeGroupMember';
  assignmentId: number;
  studentId: number;
  questionId: number;
  responseId: number;
  /** The group as the route found it, and where a split put this member (if anywhere). */
  groupKey: string;
  groupSize: number;
  override: AnswerGroupSplits['overrides'][number] | undefined;
  points: number;
  pointsPossible: number;
  feedback: string;
  flagResolved: boolean;
  by: number;
  now: string;
};

/** Pure: the member's mark edit, unless its answer changed since (then it is no longer in the group: nothing). */
function gradeMember(c: GradeGroupMember, state: Grading): GradingEvent[] {
  const r = state.responses[c.questionId];
  if (!r || r.responseId !== c.responseId || effectiveKey(groupKey(r.response, r), c.override) !== c.groupKey) return [];
  if (c.points < 0 || c.points > c.pointsPossible)
    throw new ValidationError(`Marks must be between 0 and ${c.pointsPossible}`, 'points_obtained');
  const changed = !r.graded || !r.manual || r.points !== c.points || r.feedback !== c.feedback;
  return markEditEvents(r, c, changed, { answerGroup: { key: c.groupKey, size: c.groupSize } });
}

export const groupGradeDecider: Decider<GradeGroupMember, GradingEvent, Grading> = { decide: gradeMember, evolve, initialState };

/** Move `responseIds` out of group `groupKey` into a new group; `answers` are the question's responses and their keys. */
export type SplitAnswerGroup = {
  type: 'SplitAnswerGroup';
  assignmentId: number;
  questionId: number;
  groupKey: string;
  responseIds: number[];
  answers: { responseId: number; naturalKey: string }[];
  by: number;
  now: string;
};

/** Pure: a split moves chosen members of the group (every one still in it) and leaves at least one behind. */
function split(c: SplitAnswerGroup, state: AnswerGroupSplits): AnswerGroupSplit[] {
  const members = c.answers.filter((x) => effectiveKey(x.naturalKey, state.overrides[x.responseId]) === c.groupKey);
  if (members.length === 0) throw new NotFoundError(ANSWER_GROUP_MESSAGES.groupNotFound);
  const chosen = new Set(c.responseIds);
  const moved = members.filter((m) => chosen.has(m.responseId));
  if (moved.length !== chosen.size) throw new ConflictError(ANSWER_GROUP_MESSAGES.notMembers);
  if (moved.length === members.length) throw new ValidationError(ANSWER_GROUP_MESSAGES.wholeGroup, 'response_ids');
  return [
    {
      type: 'AnswerGroupSplit',
      data: {
        assignmentId: c.assignmentId,
        questionId: c.questionId,
        fromKey: c.groupKey,
        key: splitGroupKey(c.groupKey, state.splits),
        members: moved.map((m) => ({ responseId: m.responseId, naturalKey: m.naturalKey })),
        by: c.by,
        splitAt: c.now,
      },
    },
  ];
}

export const splitDecider: Decider<SplitAnswerGroup, AnswerGroupSplit, AnswerGroupSplits> = {
  decide: split,
  evolve: evolveAnswerGroupSplits,
  initialState: initialAnswerGroupSplits,
};

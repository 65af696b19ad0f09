import { describe, it } from 'vitest';
import { ANSWER_GROUP_MESSAGES, ConflictError, NotFoundError, ValidationError, type AnswerGroupSplit } from '@evergrade/contracts';
import { groupKey } from '@evergrade/grading';
import { specFor } from '../testing';
import { groupGradeDecider, splitDecider, type GradeGroupMember, type SplitAnswerGroup } from './answer-groups';
import type { GradingEvent } from './grading';

const now = '2026-03-01T10:00:00.000Z';
const speed = groupKey('60 km/h');

describe('grading a member of an answer group', () => {
  const spec = specFor(groupGradeDecider);
  const recorded = (response: string): GradingEvent => ({
    type: 'OnlineResponsesCaptured',
    data: {
      assignmentId: 5,
      studentId: 9,
      submissionVersion: 3,
      capturedAt: now,
      responses: [{ responseId: 101, questionId: 1, questionNumber: 1, response }],
    },
  });
  const command = (over: Partial<GradeGroupMember> = {}): GradeGroupMember => ({
    type: 'GradeGroupMember',
    assignmentId: 5,
    studentId: 9,
    questionId: 1,
    responseId: 101,
    groupKey: speed,
    groupSize: 3,
    override: undefined,
    points: 2,
    pointsPossible: 2,
    feedback: 'Right.',
    flagResolved: false,
    by: 7,
    now,
    ...over,
  });
  const edited = (over: Partial<Extract<GradingEvent, { type: 'ResponseMarkEdited' }>['data']> = {}): GradingEvent => ({
    type: 'ResponseMarkEdited',
    data: {
      assignmentId: 5,
      studentId: 9,
      responseId: 101,
      questionId: 1,
      previousPoints: 0,
      points: 2,
      pointsPossible: 2,
      previousFeedback: '',
      feedback: 'Right.',
      by: 7,
      answerGroup: { key: speed, size: 3 },
      editedAt: now,
      ...over,
    },
  });

  it('records the mark by hand, naming the group', () => {
    spec([recorded('60 kmph')])
      .when(command())
      .then([edited()]);
  });

  it('changes nothing when the member has that mark by hand already', () => {
    spec([recorded('60 km/h'), edited()])
      .when(command())
      .then([]);
  });

  it('leaves a member whose answer changed since (it is in another group now)', () => {
    spec([recorded('70 km/h')])
      .when(command())
      .then([]);
  });

  it('grades a member where a split put it, and not once its answer changed', () => {
    const override = { naturalKey: speed, key: `${speed}.1` };
    spec([recorded('60 km/h')])
      .when(command({ groupKey: `${speed}.1`, override }))
      .then([edited({ answerGroup: { key: `${speed}.1`, size: 3 } })]);
    spec([recorded('61 km/h')])
      .when(command({ groupKey: `${speed}.1`, override }))
      .then([]);
  });

  it('refuses marks above the question’s', () => {
    spec([recorded('60 km/h')])
      .when(command({ points: 3 }))
      .thenThrows(ValidationError, 'Marks must be between 0 and 2');
  });
});

describe('splitting an answer group', () => {
  const spec = specFor(splitDecider);
  const answers = [
    { responseId: 1, naturalKey: speed },
    { responseId: 2, naturalKey: speed },
    { responseId: 3, naturalKey: speed },
    { responseId: 4, naturalKey: groupKey('') },
  ];
  const command = (over: Partial<SplitAnswerGroup> = {}): SplitAnswerGroup => ({
    type: 'SplitAnswerGroup',
    assignmentId: 5,
    questionId: 1,
    groupKey: speed,
    responseIds: [2],
    answers,
    by: 7,
    now,
    ...over,
  });
  const split = (key: string, fromKey: string, ids: number[]): AnswerGroupSplit => ({
    type: 'AnswerGroupSplit',
    data: {
      assignmentId: 5,
      questionId: 1,
      fromKey,
      key,
      members: ids.map((responseId) => ({ responseId, naturalKey: speed })),
      by: 7,
      splitAt: now,
    },
  });

  it('moves the chosen members into a new group with a key of its own', () => {
    spec([])
      .when(command())
      .then([split(`${speed}.1`, speed, [2])]);
  });

  it('splits a split group again under a new key', () => {
    spec([split(`${speed}.1`, speed, [2, 3])])
      .when(command({ groupKey: `${speed}.1`, responseIds: [3] }))
      .then([split(`${speed}.2`, `${speed}.1`, [3])]);
  });

  it('refuses the whole group, answers not in it and a group that is gone', () => {
    spec([])
      .when(command({ responseIds: [1, 2, 3] }))
      .thenThrows(ValidationError, ANSWER_GROUP_MESSAGES.wholeGroup);
    spec([])
      .when(command({ responseIds: [4] }))
      .thenThrows(ConflictError, ANSWER_GROUP_MESSAGES.notMembers);
    spec([split(`${speed}.1`, speed, [2])])
      .when(command({ responseIds: [2] }))
      .thenThrows(ConflictError, ANSWER_GROUP_MESSAGES.notMembers);
    spec([])
      .when(command({ groupKey: 't-00000000000000000000' }))
      .thenThrows(NotFoundError, ANSWER_GROUP_MESSAGES.groupNotFound);
  });
});

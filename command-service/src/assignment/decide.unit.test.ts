import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type Question } from '@evergrade/contracts';
import { specFor } from '../testing';
import { assignmentDecider, type CreateAssignment } from './decide';
import type { AssignmentEvent } from './assignment';

const spec = specFor(assignmentDecider);
const now = '2026-03-01T10:00:00.000Z';
const q1: Question = {
  questionId: 11,
  questionNumber: 1,
  content: 'Solve $x^2=4$',
  marksPossible: 2,
  answer: 'x = ±2',
  gradingInstructions: '',
  tags: [],
};
const create: CreateAssignment = {
  type: 'CreateAssignment',
  assignmentId: 5,
  courseId: 1,
  instructorTeachesCourse: true,
  createdBy: 7,
  title: 'Roots',
  assigned: now,
  due: '2026-03-08T23:59:59.999Z',
  timeLimitSeconds: 3600,
  questions: [q1],
  publish: true,
  now,
  submissionsAllowed: true,
  creationMethod: 'scratch',
};
const created: AssignmentEvent = {
  type: 'AssignmentCreated',
  data: {
    assignmentId: 5,
    courseId: 1,
    title: 'Roots',
    assigned: now,
    due: '2026-03-08T23:59:59.999Z',
    timeLimitSeconds: 3600,
    createdBy: 7,
    createdAt: now,
    submissionsAllowed: true,
    creationMethod: 'scratch',
  },
};
const added: AssignmentEvent = { type: 'QuestionAdded', data: { ...q1, assignmentId: 5 } };
const published: AssignmentEvent = { type: 'AssignmentPublished', data: { assignmentId: 5, publishedAt: now } };
const history = [created, added, published];
const flaggedHistory: AssignmentEvent[] = [
  created,
  { type: 'QuestionAdded', data: { ...q1, assignmentId: 5, flaggedForReview: 'Marks unclear' } },
  published,
];

describe('creating an assignment', () => {
  it('records the assignment, each question and its publication', () => {
    spec([]).when(create).then(history);
  });
  it('refuses an instructor who does not teach the course, a duplicate, no questions and a flagged question', () => {
    spec([])
      .when({ ...create, instructorTeachesCourse: false })
      .thenThrows(ForbiddenError);
    spec(history).when(create).thenThrows(ConflictError);
    spec([])
      .when({ ...create, questions: [] })
      .thenThrows(ValidationError);
    spec([])
      .when({ ...create, questions: [{ ...q1, flaggedForReview: 'check' }] })
      .thenThrows(ValidationError);
    spec([])
      .when({ ...create, due: now })
      .thenThrows(ValidationError);
  });
});

describe('renaming and deleting', () => {
  it('renames, and an unchanged title changes nothing', () => {
    spec(history)
      .when({ type: 'RenameAssignment', title: 'Square Roots', now, instructorTeachesCourse: true })
      .then([{ type: 'AssignmentRenamed', data: { assignmentId: 5, from: 'Roots', title: 'Square Roots', renamedAt: now } }]);
    spec(history).when({ type: 'RenameAssignment', title: ' Roots ', now, instructorTeachesCourse: true }).then([]);
  });
  it('deletes once; a deleted assignment is not found for any later change', () => {
    const deleted: AssignmentEvent = { type: 'AssignmentDeleted', data: { assignmentId: 5, deletedAt: now } };
    spec(history).when({ type: 'DeleteAssignment', now, instructorTeachesCourse: true }).then([deleted]);
    spec([...history, deleted])
      .when({ type: 'DeleteAssignment', now, instructorTeachesCourse: true })
      .thenThrows(NotFoundError);
    spec([...history, deleted])
      .when({ type: 'RenameAssignment', title: 'X', now, instructorTeachesCourse: true })
      .thenThrows(NotFoundError);
  });
  it('hides the assignment from instructors who do not teach its course', () => {
    spec(history).when({ type: 'DeleteAssignment', now, instructorTeachesCourse: false }).thenThrows(NotFoundError);
  });
});

describe('editing a question', () => {
  const edit = {
    type: 'UpdateQuestion' as const,
    questionId: 11,
    content: 'Solve $x^2=9$',
    answer: 'x = ±3',
    gradingInstructions: 'Both roots',
    marksPossible: 3,
    now,
    instructorTeachesCourse: true,
  };
  it('records the whole new state of the question', () => {
    spec(history)
      .when(edit)
      .then([
        {
          type: 'QuestionUpdated',
          data: {
            assignmentId: 5,
            questionId: 11,
            content: 'Solve $x^2=9$',
            answer: 'x = ±3',
            gradingInstructions: 'Both roots',
            marksPossible: 3,
            tags: [],
            updatedAt: now,
          },
        },
      ]);
  });
  it('changes nothing when nothing changed', () => {
    spec(history)
      .when({ ...edit, content: q1.content, answer: q1.answer!, gradingInstructions: '', marksPossible: 2 })
      .then([]);
  });
  it('resolves a flag with an empty flagged_for_review, once', () => {
    const same = { ...edit, content: q1.content, answer: q1.answer!, gradingInstructions: '', marksPossible: 2, flaggedForReview: '' };
    const resolved: AssignmentEvent = {
      type: 'QuestionFlagResolved',
      data: { assignmentId: 5, questionId: 11, flag: 'Marks unclear', resolvedAt: now },
    };
    spec(flaggedHistory).when(same).then([resolved]);
    spec([...flaggedHistory, resolved])
      .when(same)
      .then([]);
  });
  it('refuses an unknown question, empty content and raising a flag by hand', () => {
    spec(history)
      .when({ ...edit, questionId: 99 })
      .thenThrows(NotFoundError);
    spec(history)
      .when({ ...edit, content: '  ' })
      .thenThrows(ValidationError);
    spec(history)
      .when({ ...edit, flaggedForReview: 'please look' })
      .thenThrows(ValidationError);
  });
  it('folds edits into the state', () => {
    const state = [
      ...history,
      {
        type: 'QuestionUpdated',
        data: {
          assignmentId: 5,
          questionId: 11,
          content: 'c',
          answer: 'a',
          gradingInstructions: 'g',
          marksPossible: 4,
          tags: ['t'],
          updatedAt: now,
        },
      } as AssignmentEvent,
    ].reduce(assignmentDecider.evolve, assignmentDecider.initialState());
    expect(state.status).toBe('published');
    expect(state.status !== 'none' && state.questions[0]).toMatchObject({ content: 'c', marksPossible: 4, tags: ['t'] });
  });
});

describe('flagging a question', () => {
  it('records the reason once, and the instructor can resolve it', () => {
    const flagged: AssignmentEvent = {
      type: 'QuestionFlagged',
      data: { assignmentId: 5, questionId: 11, reason: 'No units in the key', flaggedAt: now },
    };
    spec(history).when({ type: 'FlagQuestion', questionId: 11, reason: ' No units in the key ', now }).then([flagged]);
    spec([...history, flagged])
      .when({ type: 'FlagQuestion', questionId: 11, reason: 'No units in the key', now })
      .then([]);
    spec([...history, flagged])
      .when({
        type: 'UpdateQuestion',
        questionId: 11,
        content: q1.content,
        answer: q1.answer!,
        gradingInstructions: '',
        marksPossible: 2,
        flaggedForReview: '',
        now,
        instructorTeachesCourse: true,
      })
      .then([{ type: 'QuestionFlagResolved', data: { assignmentId: 5, questionId: 11, flag: 'No units in the key', resolvedAt: now } }]);
  });
});

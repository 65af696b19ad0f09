import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  evolveGradingStream,
  initialGradingStream,
  NotFoundError,
  REGRADE_MESSAGES as M,
  ValidationError,
  type DomainEvent,
  type EventOf,
} from '@evergrade/contracts';
import { specFor } from '../testing';
import { regradeDecider, windowDaysOf, type RequestRegrade, type ResolveRegradeRequest } from './regrade-requests';

const who = { assignmentId: 5, studentId: 9, assignmentTitle: 'Forces' };
const gradedAt = '2026-03-01T10:00:00.000Z';
type Folded = EventOf<'RegradeRequested' | 'RegradeRequestResolved'>;
/** Given any events of the grading stream: the decider's evolve folds every grading event, not only its own. */
const spec = (given: DomainEvent[]) => specFor(regradeDecider)(given as Folded[]);

const captured: DomainEvent = {
  type: 'OnlineResponsesCaptured',
  data: {
    assignmentId: 5,
    studentId: 9,
    submissionVersion: 3,
    responses: [
      { responseId: 101, questionId: 1, questionNumber: 1, response: '54' },
      { responseId: 102, questionId: 2, questionNumber: 2, response: 'oxygen' },
    ],
    capturedAt: gradedAt,
  },
};
const graded: DomainEvent = {
  type: 'ResponseGraded',
  data: {
    assignmentId: 5,
    studentId: 9,
    responseId: 101,
    questionId: 1,
    questionNumber: 1,
    pointsObtained: 0,
    pointsPossible: 2,
    feedback: 'Not correct.',
    flaggedForReview: '',
    grader: { kind: 'offline', name: 'offline' },
    confidence: 0.9,
    inputs: { questionVersion: 1, responseVersion: 1 },
    gradedAt,
  },
};
const ask = (over: Partial<RequestRegrade> = {}): RequestRegrade => ({
  type: 'RequestRegrade',
  ...who,
  requestId: 31,
  questionId: 1,
  reason: 'My working shows 56.',
  windowDays: 7,
  instructorIds: [2],
  now: '2026-03-05T10:00:00.000Z',
  ...over,
});
const requested: EventOf<'RegradeRequested'> = {
  type: 'RegradeRequested',
  data: {
    ...who,
    studentId: 9,
    requestId: 31,
    responseId: 101,
    questionId: 1,
    questionNumber: 1,
    reason: 'My working shows 56.',
    points: 0,
    pointsPossible: 2,
    instructorIds: [2],
    requestedAt: '2026-03-05T10:00:00.000Z',
  },
};
const resolve = (over: Partial<ResolveRegradeRequest> = {}): ResolveRegradeRequest => ({
  type: 'ResolveRegradeRequest',
  ...who,
  requestId: 31,
  outcome: 'accepted',
  points: 2,
  pointsPossible: 2,
  reply: 'Full marks.',
  by: 2,
  now: '2026-03-06T10:00:00.000Z',
  ...over,
});
const accepted: EventOf<'RegradeRequestResolved'> = {
  type: 'RegradeRequestResolved',
  data: {
    ...who,
    requestId: 31,
    responseId: 101,
    questionId: 1,
    questionNumber: 1,
    outcome: 'accepted',
    reply: 'Full marks.',
    previousPoints: 0,
    points: 2,
    pointsPossible: 2,
    feedback: 'Not correct.',
    by: 2,
    resolvedAt: '2026-03-06T10:00:00.000Z',
  },
};

describe('RequestRegrade', () => {
  it('records the request with the contested mark', () => spec([captured, graded]).when(ask()).then([requested]));
  it('refuses an ungraded question (none recorded, or recorded and not graded)', () => {
    spec([]).when(ask()).thenThrows(ValidationError, M.notGraded);
    spec([captured, graded])
      .when(ask({ questionId: 2 }))
      .thenThrows(ValidationError, M.notGraded);
  });
  it('refuses a second open request on the question, and allows one after the first is resolved', () => {
    spec([captured, graded, requested])
      .when(ask({ requestId: 32 }))
      .thenThrows(ConflictError, M.alreadyOpen);
    expect(regradeDecider.decide(ask({ requestId: 32 }), fold([captured, graded, requested, accepted]))).toHaveLength(1);
  });
  it('counts the window from the mark: 7 days after the grade is too late, and an accepted mark opens it again', () => {
    spec([captured, graded])
      .when(ask({ now: '2026-03-08T10:00:01.000Z' }))
      .thenThrows(ValidationError, M.windowClosed(7));
    spec([captured, graded])
      .when(ask({ now: '2026-03-08T10:00:00.000Z' }))
      .then([{ ...requested, data: { ...requested.data, requestedAt: '2026-03-08T10:00:00.000Z' } }]);
    spec([captured, graded])
      .when(ask({ windowDays: 0 }))
      .thenThrows(ValidationError, M.windowClosed(0));
    const later = ask({ requestId: 32, now: '2026-03-12T10:00:00.000Z' });
    expect(regradeDecider.decide(later, fold([captured, graded, requested, accepted]))[0]!.data).toMatchObject({ points: 2 });
  });
});

describe('ResolveRegradeRequest', () => {
  it('an accepted request carries the new mark', () => spec([captured, graded, requested]).when(resolve()).then([accepted]));
  it('an answered one keeps the mark (points null)', () =>
    spec([captured, graded, requested])
      .when(resolve({ outcome: 'answered', points: undefined, reply: 'See the key.' }))
      .then([{ ...accepted, data: { ...accepted.data, outcome: 'answered', points: null, reply: 'See the key.' } }]));
  it('refuses an unknown or resolved request, and marks that do not fit the outcome', () => {
    spec([captured, graded]).when(resolve()).thenThrows(NotFoundError, M.requestNotFound);
    spec([captured, graded, requested, accepted]).when(resolve()).thenThrows(ConflictError, M.alreadyResolved);
    spec([captured, graded, requested])
      .when(resolve({ points: undefined }))
      .thenThrows(ValidationError, M.pointsNeeded);
    spec([captured, graded, requested])
      .when(resolve({ outcome: 'rejected' }))
      .thenThrows(ValidationError, M.pointsNotAllowed);
    spec([captured, graded, requested])
      .when(resolve({ points: 2.5 }))
      .thenThrows(ValidationError, M.pointsRange(2));
  });
  it('the one grading fold takes an accepted request as a mark set by hand, and a request as a step of the history', () => {
    const after = [captured, graded, requested, accepted].reduce(
      (s, e) => evolveGradingStream(s, e as Parameters<typeof evolveGradingStream>[1]),
      initialGradingStream(),
    );
    expect(after.responses[1]).toMatchObject({ points: 2, manual: true, gradedBy: 'instructor', feedback: 'Not correct.', version: 4 });
  });
});

describe('windowDaysOf', () => {
  it('is 7 until the instructor sets one, then the latest', () => {
    expect(windowDaysOf([])).toBe(7);
    const set = (days: number) => ({ type: 'RegradeWindowSet', data: { assignmentId: 5, days, by: 2, setAt: gradedAt } });
    expect(windowDaysOf([set(3), set(0)])).toBe(0);
  });
});

function fold(events: DomainEvent[]) {
  return events.reduce((s, e) => regradeDecider.evolve(s, e as Parameters<typeof regradeDecider.evolve>[1]), regradeDecider.initialState());
}

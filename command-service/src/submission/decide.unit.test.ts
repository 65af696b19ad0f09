import { describe, expect, it } from 'vitest';
import { ConflictError, MESSAGES, NotFoundError, TIMER_MESSAGES, ValidationError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { sessionView } from './clock';
import { SessionAlreadyActiveError, submissionDecider, type AssignmentContext } from './decide';
import type { SubmissionEvent } from './submission';

const spec = specFor(submissionDecider);
const now = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(now) + seconds * 1000).toISOString();
const assignment: AssignmentContext = {
  assignmentId: 7,
  visibleToStudent: true,
  due: '2026-03-10T10:00:00.000Z',
  questionIds: [71, 72],
  gradedQuestionIds: [],
};
const timed: AssignmentContext = { ...assignment, timeLimitSeconds: 120 };

const saved = (
  questionId: number,
  responseContent: string | null,
  extra: { savedAt?: string; clientSavedAt?: string } = {},
): SubmissionEvent => ({
  type: 'AnswerSaved',
  data: {
    assignmentId: 7,
    studentId: 3,
    questionId,
    responseContent,
    savedAt: extra.savedAt ?? now,
    ...(extra.clientSavedAt ? { clientSavedAt: extra.clientSavedAt } : {}),
  },
});
const submitted = (method = 'manual', extra: { submittedAt?: string; timeUsedSeconds?: number } = {}): SubmissionEvent => ({
  type: 'AssignmentSubmitted',
  data: {
    assignmentId: 7,
    studentId: 3,
    submittedAt: extra.submittedAt ?? now,
    submissionMethod: method as 'manual',
    ...(extra.timeUsedSeconds !== undefined ? { timeUsedSeconds: extra.timeUsedSeconds } : {}),
  },
});
const started = (startedAt = now, deadline = at(120)): SubmissionEvent => ({
  type: 'TimedSessionStarted',
  data: { assignmentId: 7, studentId: 3, startedAt, timeLimitSeconds: 120, deadline },
});
const save = (
  questionId: number,
  responseContent: string | null,
  extra: Partial<AssignmentContext> = {},
  when = now,
  clientSavedAt?: string,
) => ({
  type: 'SaveAnswer' as const,
  assignment: { ...assignment, ...extra },
  studentId: 3,
  questionId,
  responseContent,
  now: when,
  ...(clientSavedAt ? { clientSavedAt } : {}),
});

describe('SaveAnswer', () => {
  it('records the first answer', () => {
    spec([])
      .when(save(71, 'x = 2 or x = 3'))
      .then([saved(71, 'x = 2 or x = 3')]);
  });
  it('records nothing when the answer did not change', () => {
    spec([saved(71, 'same')])
      .when(save(71, 'same'))
      .then([]);
  });
  it('records a cleared answer as null', () => {
    spec([saved(71, 'text')])
      .when(save(71, null))
      .then([saved(71, null)]);
  });
  it('records the source of a PDF answer', () => {
    spec([])
      .when({ ...save(71, 'from paper'), source: 'pdf' as const })
      .then([{ type: 'AnswerSaved', data: { ...saved(71, 'from paper').data, source: 'pdf' } } as SubmissionEvent]);
  });
  it('refuses once submitted', () => {
    spec([saved(71, 'a'), submitted()])
      .when(save(72, 'b'))
      .thenThrows(ConflictError, MESSAGES.alreadySubmitted);
  });
  it('refuses after the due time', () => {
    spec([])
      .when(save(71, 'late', {}, '2026-03-11T00:00:00.000Z'))
      .thenThrows(ConflictError, MESSAGES.pastDue);
  });
  it('refuses a question of another assignment, naming the field', () => {
    spec([]).when(save(99, 'x')).thenThrows(ValidationError, MESSAGES.questionNotFound);
  });
  it('refuses a graded question', () => {
    spec([])
      .when(save(71, 'x', { gradedQuestionIds: [71] }))
      .thenThrows(ConflictError, MESSAGES.questionGraded);
  });
  it('hides an assignment the student may not see', () => {
    spec([])
      .when(save(71, 'x', { visibleToStudent: false }))
      .thenThrows(NotFoundError, MESSAGES.assignmentNotFound);
  });
});

describe('SaveAnswer: newest edit wins', () => {
  const t1 = at(-30),
    t2 = at(-20),
    t3 = at(-10);
  it('acknowledges an older edit arriving after a newer one and records nothing', () => {
    spec([saved(71, 'newer', { clientSavedAt: t2 })])
      .when(save(71, 'older', {}, now, t1))
      .then([]);
  });
  it('applies a newer edit and remembers its time', () => {
    spec([saved(71, 'old', { clientSavedAt: t1 })])
      .when(save(71, 'new', {}, now, t2))
      .then([saved(71, 'new', { clientSavedAt: t2 })]);
  });
  it('records a newer edit whose text equals the current one, so an edit between them cannot win later', () => {
    const given = [saved(71, 'x', { clientSavedAt: t1 })];
    spec(given)
      .when(save(71, 'x', {}, now, t3))
      .then([saved(71, 'x', { clientSavedAt: t3 })]);
    spec([...given, saved(71, 'x', { clientSavedAt: t3 })])
      .when(save(71, 'y', {}, now, t2))
      .then([]);
  });
  it('treats a replay of the same edit (same time and text) as already applied', () => {
    spec([saved(71, 'x', { clientSavedAt: t2 })])
      .when(save(71, 'x', {}, now, t2))
      .then([]);
  });
  it('keeps each question apart', () => {
    spec([saved(71, 'a', { clientSavedAt: t3 })])
      .when(save(72, 'b', {}, now, t1))
      .then([saved(72, 'b', { clientSavedAt: t1 })]);
  });
  it('applies an edit without a client time when it changes the text (a PDF import)', () => {
    spec([saved(71, 'typed', { clientSavedAt: t3 })])
      .when(save(71, 'pdf'))
      .then([saved(71, 'pdf')]);
  });
});

describe('SubmitAssignment', () => {
  const submit = (responses: Record<number, string | null>) => ({
    type: 'SubmitAssignment' as const,
    assignment,
    studentId: 3,
    responses,
    now,
  });
  it('saves changed responses, then submits', () => {
    spec([saved(71, 'kept')])
      .when(submit({ 71: 'kept', 72: 'new' }))
      .then([saved(72, 'new'), submitted()]);
  });
  it('submits with no responses', () => {
    spec([]).when(submit({})).then([submitted()]);
  });
  it('refuses a second submission', () => {
    spec([submitted()]).when(submit({})).thenThrows(ConflictError, MESSAGES.alreadySubmitted);
  });
  it('refuses past due', () => {
    spec([])
      .when({ ...submit({}), now: '2026-04-01T00:00:00.000Z' })
      .thenThrows(ConflictError, MESSAGES.pastDue);
  });
});

describe('Timed sessions', () => {
  const start = (extra: Partial<AssignmentContext> = {}, when = now) => ({
    type: 'StartTimedSession' as const,
    assignment: { ...timed, ...extra },
    studentId: 3,
    now: when,
  });
  const expire = (when: string) => ({ type: 'ExpireSession' as const, assignmentId: 7, studentId: 3, now: when });
  const grant = (seconds: number, when: string) => ({
    type: 'GrantExtraTime' as const,
    assignmentId: 7,
    studentId: 3,
    seconds,
    grantedBy: 2,
    now: when,
  });
  const timedSave = (when: string, text = 'x') => save(71, text, { timeLimitSeconds: 120 }, when);

  it('starts with the deadline at start + limit', () => {
    spec([]).when(start()).then([started()]);
  });
  it('caps the deadline at the due time', () => {
    spec([])
      .when(start({ due: at(60) }))
      .then([started(now, at(60))]);
  });
  it("answers a second start with 'Session already active'", () => {
    spec([started()])
      .when(start({}, at(5)))
      .thenThrows(SessionAlreadyActiveError, TIMER_MESSAGES.sessionAlreadyActive);
  });
  it('refuses to start untimed work, submitted work and work past due', () => {
    spec([])
      .when(start({ timeLimitSeconds: null }))
      .thenThrows(ConflictError, TIMER_MESSAGES.notTimed);
    spec([submitted()]).when(start()).thenThrows(ConflictError, MESSAGES.alreadySubmitted);
    spec([]).when(start({}, '2026-04-01T00:00:00.000Z')).thenThrows(ConflictError, MESSAGES.pastDue);
  });
  it('refuses answers before the session starts', () => {
    spec([]).when(timedSave(now)).thenThrows(ConflictError, TIMER_MESSAGES.notStarted);
  });
  it('accepts answers until the deadline and during the grace for saves on their way', () => {
    spec([started()])
      .when(timedSave(at(119)))
      .then([saved(71, 'x', { savedAt: at(119) })]);
    spec([started()])
      .when(timedSave(at(134)))
      .then([saved(71, 'x', { savedAt: at(134) })]);
  });
  it('refuses answers after the deadline and the grace', () => {
    spec([started()])
      .when(timedSave(at(136)))
      .thenThrows(ConflictError, TIMER_MESSAGES.timeLimitPassed);
  });
  it('records heartbeats while the session runs, refuses them after it', () => {
    const beat = (when: string) => ({ type: 'RecordHeartbeat' as const, assignment: timed, studentId: 3, timeUsedSeconds: 30, now: when });
    spec([started()])
      .when(beat(at(30)))
      .then([{ type: 'SessionHeartbeat', data: { assignmentId: 7, studentId: 3, timeUsedSeconds: 30, at: at(30) } }]);
    spec([started()])
      .when(beat(at(200)))
      .thenThrows(ConflictError, TIMER_MESSAGES.timeLimitPassed);
    spec([])
      .when(beat(at(30)))
      .thenThrows(NotFoundError, TIMER_MESSAGES.noSession);
  });
  it("accepts the browser's auto-submit after expiry, and a second submit changes nothing", () => {
    const submitSession = (when: string) => ({
      type: 'SubmitTimedSession' as const,
      assignment: timed,
      studentId: 3,
      submissionMethod: 'auto_time_limit' as const,
      timeUsedSeconds: 120,
      now: when,
    });
    spec([started()])
      .when(submitSession(at(121)))
      .then([submitted('auto_time_limit', { submittedAt: at(121), timeUsedSeconds: 120 })]);
    spec([started(), submitted('server_time_limit')])
      .when(submitSession(at(200)))
      .then([]);
  });
  it("expires a session only once it is past deadline and grace, by the server's clock", () => {
    spec([started()])
      .when(expire(at(130)))
      .then([]);
    spec([started()])
      .when(expire(at(136)))
      .then([submitted('server_time_limit', { submittedAt: at(136), timeUsedSeconds: 120 })]);
  });
  it('makes a second expiry (another replica) and an expiry after submission no-ops', () => {
    spec([started(), submitted('server_time_limit', { submittedAt: at(136) })])
      .when(expire(at(137)))
      .then([]);
    spec([started(), submitted()])
      .when(expire(at(500)))
      .then([]);
    spec([])
      .when(expire(at(500)))
      .then([]);
  });
  it('refuses answers once the server has submitted', () => {
    spec([started(), submitted('server_time_limit')])
      .when(timedSave(at(140)))
      .thenThrows(ConflictError, MESSAGES.alreadySubmitted);
  });
  it('extends the deadline with extra time; answers and expiry follow the new deadline', () => {
    const extra: SubmissionEvent = {
      type: 'ExtraTimeGranted',
      data: { assignmentId: 7, studentId: 3, seconds: 300, grantedBy: 2, newDeadline: at(420), grantedAt: at(60) },
    };
    spec([started()])
      .when(grant(300, at(60)))
      .then([extra]);
    spec([started(), extra])
      .when(timedSave(at(300)))
      .then([saved(71, 'x', { savedAt: at(300) })]);
    spec([started(), extra])
      .when(expire(at(200)))
      .then([]);
    spec([started(), extra])
      .when(expire(at(436)))
      .then([submitted('server_time_limit', { submittedAt: at(436), timeUsedSeconds: 420 })]);
  });
  it('refuses extra time when no session runs', () => {
    spec([]).when(grant(60, now)).thenThrows(ConflictError, TIMER_MESSAGES.noRunningSession);
    spec([started(), submitted()])
      .when(grant(60, at(10)))
      .thenThrows(ConflictError, TIMER_MESSAGES.noRunningSession);
    spec([started()])
      .when(grant(60, at(200)))
      .thenThrows(ConflictError, TIMER_MESSAGES.noRunningSession);
  });
  it("replies the spec's timer session by the server's clock", () => {
    const state = [started()].reduce(submissionDecider.evolve, submissionDecider.initialState());
    expect(sessionView(state, at(30))).toMatchObject({
      is_active: true,
      is_submitted: false,
      time_remaining_seconds: 90,
      time_limit_seconds: 120,
    });
    expect(sessionView(state, at(500))).toMatchObject({ is_active: false, is_submitted: false, time_remaining_seconds: 0 });
    expect(sessionView(submissionDecider.initialState(), now)).toBeNull();
  });
});

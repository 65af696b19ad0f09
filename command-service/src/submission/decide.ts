import { ConflictError, DomainError, MESSAGES, NotFoundError, TIMER_MESSAGES, ValidationError } from '@evergrade/contracts';
import type { Decider } from '../decider';
import { pastGrace, sessionDeadline } from './clock';
import { evolve, initialState, type Submission, type SubmissionEvent } from './submission';

/** What the handler knows of the assignment and the student when the command arrives. */
export type AssignmentContext = {
  assignmentId: number;
  /** Published, in a course the student is enrolled in. */
  visibleToStudent: boolean;
  due: string;
  /** When it goes live for students; before then it does not exist for them. */
  assigned?: string;
  /** False: the instructor uploads the students' work; no online answers. */
  submissionsAllowed?: boolean;
  /** Timed work: answers only inside a started session, until its deadline (plus grace). */
  timeLimitSeconds?: number | null;
  questionIds: number[];
  gradedQuestionIds: number[];
};

type Student = { assignment: AssignmentContext; studentId: number; now: string };

export type SaveAnswer = Student & {
  type: 'SaveAnswer';
  questionId: number;
  responseContent: string | null;
  /** The browser's time of the edit: an older edit than the newest applied is acknowledged and not applied. */
  clientSavedAt?: string;
  /** 'typed' (default) or 'pdf' (an uploaded handwritten submission). */
  source?: 'typed' | 'pdf';
};
export type SubmitAssignment = Student & {
  type: 'SubmitAssignment';
  responses: Record<number, string | null>;
  submissionMethod?: 'manual';
  timeUsedSeconds?: number;
};
export type StartTimedSession = Student & { type: 'StartTimedSession' };
export type RecordHeartbeat = Student & { type: 'RecordHeartbeat'; timeUsedSeconds: number };
export type SubmitTimedSession = Student & {
  type: 'SubmitTimedSession';
  submissionMethod: 'manual' | 'auto_time_limit';
  timeUsedSeconds: number;
};
/** The instructor's command; the route checked that they teach the course. */
export type GrantExtraTime = {
  type: 'GrantExtraTime';
  assignmentId: number;
  studentId: number;
  seconds: number;
  grantedBy: number;
  now: string;
};
/** The server's clock: submits a session past its deadline and grace; a no-op otherwise (so replicas may race). */
export type ExpireSession = { type: 'ExpireSession'; assignmentId: number; studentId: number; now: string };

export type SubmissionCommand =
  SaveAnswer | SubmitAssignment | StartTimedSession | RecordHeartbeat | SubmitTimedSession | GrantExtraTime | ExpireSession;

/** The spec's 400 with `error: 'Session already active'`, which the client answers by loading the session. */
export class SessionAlreadyActiveError extends DomainError {
  constructor() {
    super(400, TIMER_MESSAGES.sessionAlreadyActive);
  }
}

const ms = (iso: string) => new Date(iso).getTime();
const isTimed = (a: AssignmentContext) => (a.timeLimitSeconds ?? 0) > 0;

function assertVisible(a: AssignmentContext, now: string): void {
  if (!a.visibleToStudent) throw new NotFoundError(MESSAGES.assignmentNotFound);
  if (a.assigned && ms(a.assigned) > ms(now)) throw new NotFoundError(MESSAGES.assignmentNotFound);
  if (a.submissionsAllowed === false) throw new ConflictError(MESSAGES.noOnlineSubmissions);
}

/** May the student still change this work? Timed work: inside its session; other work: before the due time. */
function assertOpen(a: AssignmentContext, state: Submission, now: string): void {
  assertVisible(a, now);
  if (state.status === 'submitted') throw new ConflictError(MESSAGES.alreadySubmitted);
  if (isTimed(a)) {
    if (!state.session) throw new ConflictError(TIMER_MESSAGES.notStarted);
    if (pastGrace(state.session, now)) throw new ConflictError(TIMER_MESSAGES.timeLimitPassed);
    return;
  }
  if (ms(a.due) < ms(now)) throw new ConflictError(MESSAGES.pastDue);
}

function answerEvent(
  c: Student,
  questionId: number,
  content: string | null,
  extra: Pick<SaveAnswer, 'clientSavedAt' | 'source'> = {},
): SubmissionEvent {
  return {
    type: 'AnswerSaved',
    data: {
      assignmentId: c.assignment.assignmentId,
      studentId: c.studentId,
      questionId,
      responseContent: content,
      savedAt: c.now,
      ...(extra.clientSavedAt ? { clientSavedAt: extra.clientSavedAt } : {}),
      ...(extra.source ? { source: extra.source } : {}),
    },
  };
}

const changed = (state: Submission, questionId: number, content: string | null) => (state.answers.get(questionId) ?? null) !== content;

/**
 * Newest edit wins: an edit older than the newest applied is not applied. A newer edit is recorded even when its
 * text equals the current one, so an edit made between the two and arriving last cannot overwrite it.
 */
function shouldApply(c: SaveAnswer, state: Submission): boolean {
  const newest = state.editedAt.get(c.questionId);
  if (!c.clientSavedAt || !newest) return changed(state, c.questionId, c.responseContent) || (!!c.clientSavedAt && !newest);
  if (ms(c.clientSavedAt) < ms(newest)) return false;
  if (ms(c.clientSavedAt) === ms(newest)) return changed(state, c.questionId, c.responseContent);
  return true;
}

function saveAnswer(c: SaveAnswer, state: Submission): SubmissionEvent[] {
  assertOpen(c.assignment, state, c.now);
  if (!c.assignment.questionIds.includes(c.questionId)) throw new ValidationError(MESSAGES.questionNotFound, 'question_id');
  if (c.assignment.gradedQuestionIds.includes(c.questionId)) throw new ConflictError(MESSAGES.questionGraded);
  return shouldApply(c, state) ? [answerEvent(c, c.questionId, c.responseContent, c)] : [];
}

function submitted(c: Student, method: string, timeUsedSeconds?: number): SubmissionEvent {
  return {
    type: 'AssignmentSubmitted',
    data: {
      assignmentId: c.assignment.assignmentId,
      studentId: c.studentId,
      submittedAt: c.now,
      submissionMethod: method as 'manual',
      ...(timeUsedSeconds !== undefined ? { timeUsedSeconds } : {}),
    },
  };
}

function submitAssignment(c: SubmitAssignment, state: Submission): SubmissionEvent[] {
  assertOpen(c.assignment, state, c.now);
  const saves: SubmissionEvent[] = [];
  for (const [key, content] of Object.entries(c.responses)) {
    const questionId = Number(key);
    if (!c.assignment.questionIds.includes(questionId)) throw new ValidationError(MESSAGES.questionNotFound, 'responses');
    if (c.assignment.gradedQuestionIds.includes(questionId)) continue;
    if (changed(state, questionId, content)) saves.push(answerEvent(c, questionId, content));
  }
  return [...saves, submitted(c, c.submissionMethod ?? 'manual', c.timeUsedSeconds)];
}

function startTimedSession(c: StartTimedSession, state: Submission): SubmissionEvent[] {
  assertVisible(c.assignment, c.now);
  const limit = c.assignment.timeLimitSeconds ?? 0;
  if (limit <= 0) throw new ConflictError(TIMER_MESSAGES.notTimed);
  if (state.status === 'submitted') throw new ConflictError(MESSAGES.alreadySubmitted);
  if (state.session) throw new SessionAlreadyActiveError();
  if (ms(c.assignment.due) < ms(c.now)) throw new ConflictError(MESSAGES.pastDue);
  const { assignmentId } = c.assignment;
  return [
    {
      type: 'TimedSessionStarted',
      data: {
        assignmentId,
        studentId: c.studentId,
        startedAt: c.now,
        timeLimitSeconds: limit,
        deadline: sessionDeadline(c.now, limit, c.assignment.due),
      },
    },
  ];
}

function recordHeartbeat(c: RecordHeartbeat, state: Submission): SubmissionEvent[] {
  assertVisible(c.assignment, c.now);
  if (!state.session) throw new NotFoundError(TIMER_MESSAGES.noSession);
  if (state.status === 'submitted') throw new ConflictError(MESSAGES.alreadySubmitted);
  if (pastGrace(state.session, c.now)) throw new ConflictError(TIMER_MESSAGES.timeLimitPassed);
  return [
    {
      type: 'SessionHeartbeat',
      data: { assignmentId: c.assignment.assignmentId, studentId: c.studentId, timeUsedSeconds: c.timeUsedSeconds, at: c.now },
    },
  ];
}

/** Closing a session adds no answers, so it is accepted at any time; a second submit changes nothing. */
function submitTimedSession(c: SubmitTimedSession, state: Submission): SubmissionEvent[] {
  assertVisible(c.assignment, c.now);
  if (!state.session) throw new NotFoundError(TIMER_MESSAGES.noSession);
  if (state.status === 'submitted') return [];
  return [submitted(c, c.submissionMethod, c.timeUsedSeconds)];
}

function grantExtraTime(c: GrantExtraTime, state: Submission): SubmissionEvent[] {
  const s = state.session;
  if (!s || state.status === 'submitted' || pastGrace(s, c.now)) throw new ConflictError(TIMER_MESSAGES.noRunningSession);
  // Granted after the deadline but inside the grace: the student gets the extra time from now.
  const from = Math.max(ms(s.deadline), ms(c.now));
  return [
    {
      type: 'ExtraTimeGranted',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        seconds: c.seconds,
        grantedBy: c.grantedBy,
        newDeadline: new Date(from + c.seconds * 1000).toISOString(),
        grantedAt: c.now,
      },
    },
  ];
}

function expireSession(c: ExpireSession, state: Submission): SubmissionEvent[] {
  const s = state.session;
  if (!s || state.status === 'submitted' || !pastGrace(s, c.now)) return [];
  const used = Math.round((ms(s.deadline) - ms(s.startedAt)) / 1000);
  return [
    {
      type: 'AssignmentSubmitted',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        submittedAt: c.now,
        submissionMethod: 'server_time_limit',
        timeUsedSeconds: used,
      },
    },
  ];
}

export function decide(command: SubmissionCommand, state: Submission): SubmissionEvent[] {
  switch (command.type) {
    case 'SaveAnswer':
      return saveAnswer(command, state);
    case 'SubmitAssignment':
      return submitAssignment(command, state);
    case 'StartTimedSession':
      return startTimedSession(command, state);
    case 'RecordHeartbeat':
      return recordHeartbeat(command, state);
    case 'SubmitTimedSession':
      return submitTimedSession(command, state);
    case 'GrantExtraTime':
      return grantExtraTime(command, state);
    case 'ExpireSession':
      return expireSession(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const submissionDecider: Decider<SubmissionCommand, SubmissionEvent, Submission> = { decide, evolve, initialState };

import type { NewEvent, RecordedEvent } from '@evergrade/platform/event-store';

/**
 * A hand-built school log for the reports' tests (unit: folded as is; int: appended to a real store). One course
 * (PHY1), one assignment (Forces, due 2026-03-10 12:00 UTC, Q1 of 2 marks and Q2 of 3), an instructor (Iris Teach,
 * id 10) and two students (Ann Able 21, Ben Best 22), in the order a school's log would hold them.
 */
export type LogEntry = { streamId: string; event: NewEvent };

export const FORCES = 100;
export const Q1 = 1001;
export const Q2 = 1002;

export function schoolLog(tenant: string, o: { ids?: number; title?: string } = {}): LogEntry[] {
  const shift = o.ids ?? 0;
  const a = FORCES + shift;
  const [q1, q2] = [Q1 + shift, Q2 + shift];
  const [teacher, ann, ben] = [10 + shift, 21 + shift, 22 + shift];
  const meta = { tenant };
  const e = (streamId: string, type: string, data: Record<string, unknown>): LogEntry => ({
    streamId,
    event: { type, data, metadata: meta },
  });
  const user = (id: number, role: string, firstName: string, lastName: string) =>
    e(`user:${tenant}:${id}`, 'UserRegistered', {
      userId: id,
      email: `${firstName.toLowerCase()}@${tenant}.school`,
      role,
      passwordHash: 'scrypt$secret-hash',
      firstName,
      lastName,
      registeredAt: '2026-02-01T08:00:00.000Z',
    });
  const sub = (student: number) => `submission:${tenant}:${a}:${student}`;
  const gr = (student: number) => `grading:${tenant}:${a}:${student}`;
  const graded = (
    student: number,
    q: number,
    n: number,
    responseId: number,
    points: number,
    possible: number,
    at: string,
    grader = 'offline',
  ) =>
    e(gr(student), 'ResponseGraded', {
      assignmentId: a,
      studentId: student,
      responseId,
      questionId: q,
      questionNumber: n,
      pointsObtained: points,
      pointsPossible: possible,
      feedback: 'ok',
      flaggedForReview: '',
      grader: { kind: grader === 'offline' ? 'offline' : 'ai', name: grader },
      confidence: 0.9,
      inputs: { questionVersion: 1, responseVersion: 1 },
      gradedAt: at,
    });
  const edited = (student: number, q: number, responseId: number, previous: number, points: number, possible: number, at: string) =>
    e(gr(student), 'ResponseMarkEdited', {
      assignmentId: a,
      studentId: student,
      responseId,
      questionId: q,
      previousPoints: previous,
      points,
      pointsPossible: possible,
      previousFeedback: 'ok',
      feedback: 'ok',
      by: teacher,
      editedAt: at,
    });
  const captured = (student: number, r1: number, r2: number) =>
    e(gr(student), 'OnlineResponsesCaptured', {
      assignmentId: a,
      studentId: student,
      submissionVersion: 3,
      responses: [
        { responseId: r1, questionId: q1, questionNumber: 1, response: 'F = ma' },
        { responseId: r2, questionId: q2, questionNumber: 2, response: '6 N' },
      ],
      capturedAt: '2026-03-11T08:00:00.000Z',
    });
  const saved = (student: number, q: number, at: string) =>
    e(sub(student), 'AnswerSaved', { assignmentId: a, studentId: student, questionId: q, responseContent: 'x', savedAt: at });
  return [
    user(teacher, 'instructor', 'Iris', 'Teach'),
    user(ann, 'student', 'Ann', 'Able'),
    user(ben, 'student', 'Ben', 'Best'),
    e(`course:${tenant}:5`, 'CourseCreated', {
      courseId: 5,
      courseCode: 'PHY1',
      courseName: 'Physics',
      courseClass: '10',
      subject: 'Physics',
      instructorIds: [teacher],
      createdAt: '2026-02-01T08:00:00.000Z',
    }),
    e(`assignment:${tenant}:${a}`, 'AssignmentCreated', {
      assignmentId: a,
      courseId: 5,
      title: o.title ?? 'Forces',
      assigned: '2026-03-01T08:00:00.000Z',
      due: '2026-03-10T12:00:00.000Z',
      timeLimitSeconds: 3600,
      createdBy: teacher,
      createdAt: '2026-03-01T08:00:00.000Z',
    }),
    e(`assignment:${tenant}:${a}`, 'QuestionAdded', {
      assignmentId: a,
      questionId: q1,
      questionNumber: 1,
      content: 'Q1',
      marksPossible: 2,
    }),
    e(`assignment:${tenant}:${a}`, 'QuestionAdded', {
      assignmentId: a,
      questionId: q2,
      questionNumber: 2,
      content: 'Q2',
      marksPossible: 3,
    }),
    // Ann: a timed session, 4 minutes of work, a 26-minute pause, one more minute; submitted 2 h 29 min early.
    e(sub(ann), 'TimedSessionStarted', {
      assignmentId: a,
      studentId: ann,
      startedAt: '2026-03-10T09:00:00.000Z',
      timeLimitSeconds: 3600,
      deadline: '2026-03-10T10:00:00.000Z',
    }),
    saved(ann, q1, '2026-03-10T09:01:00.000Z'),
    e(sub(ann), 'SessionHeartbeat', { assignmentId: a, studentId: ann, timeUsedSeconds: 120, at: '2026-03-10T09:02:00.000Z' }),
    saved(ann, q2, '2026-03-10T09:04:00.000Z'),
    saved(ann, q2, '2026-03-10T09:30:00.000Z'),
    e(sub(ann), 'AssignmentSubmitted', {
      assignmentId: a,
      studentId: ann,
      submittedAt: '2026-03-10T09:31:00.000Z',
      submissionMethod: 'manual',
    }),
    // Ben: one save after the due time, submitted 26 hours late.
    saved(ben, q1, '2026-03-10T13:00:00.000Z'),
    e(sub(ben), 'AssignmentSubmitted', {
      assignmentId: a,
      studentId: ben,
      submittedAt: '2026-03-11T14:00:00.000Z',
      submissionMethod: 'manual',
    }),
    // Grading: the offline grader marks all four answers; the instructor raises two, an accepted regrade lowers one,
    // then a model regrades Ben's Q1.
    captured(ann, 501 + shift, 502 + shift),
    captured(ben, 503 + shift, 504 + shift),
    graded(ann, q1, 1, 501 + shift, 2, 2, '2026-03-11T09:00:00.000Z'),
    graded(ann, q2, 2, 502 + shift, 1, 3, '2026-03-11T09:00:00.000Z'),
    graded(ben, q1, 1, 503 + shift, 0, 2, '2026-03-11T09:00:00.000Z'),
    graded(ben, q2, 2, 504 + shift, 3, 3, '2026-03-11T09:00:00.000Z'),
    edited(ann, q2, 502 + shift, 1, 3, 3, '2026-03-12T10:00:00.000Z'),
    edited(ben, q1, 503 + shift, 0, 1, 2, '2026-03-12T10:00:00.000Z'),
    e(gr(ben), 'RegradeRequestResolved', {
      assignmentId: a,
      studentId: ben,
      requestId: 1,
      responseId: 504 + shift,
      questionId: q2,
      questionNumber: 2,
      assignmentTitle: 'Forces',
      outcome: 'accepted',
      reply: 'Units missing',
      previousPoints: 3,
      points: 2,
      pointsPossible: 3,
      feedback: 'ok',
      by: teacher,
      resolvedAt: '2026-03-13T10:00:00.000Z',
    }),
    graded(ben, q1, 1, 503 + shift, 2, 2, '2026-03-14T10:00:00.000Z', 'gpt-test'),
  ];
}

/** The log as recorded events (for the pure folds), recorded when its entries say they happened. */
export function recorded(entries: readonly LogEntry[]): RecordedEvent[] {
  const versions = new Map<string, number>();
  return entries.map(({ streamId, event }, i) => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    return {
      eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      type: event.type,
      schemaVersion: 1,
      data: event.data,
      metadata: event.metadata ?? {},
      streamId,
      streamVersion: version,
      globalPosition: String(i).padStart(20, '0') as RecordedEvent['globalPosition'],
      recordedAt: new Date('2026-03-15T00:00:00.000Z'),
    };
  });
}

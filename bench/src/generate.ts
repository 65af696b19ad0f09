import { randomUUID } from 'node:crypto';
import { streamIds, type DomainEvent, type IdKind } from '@evergrade/contracts';
import type { EventMetadata, EventStore, NewEvent } from '@evergrade/platform/event-store';

/**
 * A realistic school history written straight to the store (no deciders, no password hashing): id
 * sequences, users, courses with enrolments, published assignments, then many autosaves and
 * submissions over thousands of submission streams, appended in two interleaved rounds.
 */
export const SHAPE = { students: 300, teachers: 6, courses: 12, coursesPerStudent: 2, assignmentsPerCourse: 4, questions: 5 };
const TENANT = 'replay';
const DAY = 86_400_000;
const FAKE_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=';

export type Generated = { events: number; submissionStreams: number; studentAssignments: number; answeredQuestions: number };

export async function generateHistory(store: EventStore, total: number, concurrency: number): Promise<Generated> {
  const random = seededRandom(42);
  const t0 = Date.parse('2026-01-05T08:00:00Z');
  const iso = (offsetMs: number) => new Date(t0 + offsetMs).toISOString();
  const meta = (actorId?: number, actorRole = 'system'): EventMetadata =>
    ({ tenant: TENANT, ...(actorId !== undefined ? { actorId: String(actorId) } : {}), actorRole, commandId: randomUUID() });
  const ev = (e: DomainEvent, metadata: EventMetadata): NewEvent => ({ type: e.type, data: e.data as Record<string, unknown>, metadata });
  let written = 0;
  const append = async (streamId: string, events: NewEvent[], expectedVersion: number | 'no_stream') => {
    await store.append(streamId, events, { expectedVersion });
    written += events.length;
  };

  const { students, teachers, courses, coursesPerStudent, assignmentsPerCourse, questions } = SHAPE;
  const users = teachers + students;
  const sequences: [IdKind, number][] = [['user', users], ['course', courses], ['assignment', courses * assignmentsPerCourse],
    ['question', courses * assignmentsPerCourse * questions]];
  await append(streamIds.tenant(TENANT), [ev({ type: 'TenantRegistered', data: { tenant: TENANT, name: 'Replay High', registeredAt: iso(0) } }, meta())], 'no_stream');
  for (const [kind, n] of sequences) {
    await append(streamIds.sequence(kind), Array.from({ length: n }, () => ({ type: 'IdAllocated', data: {} })), 'no_stream');
  }

  // Users: ids 1..teachers are teachers, the rest students.
  await pool(Array.from({ length: users }, (_, i) => i + 1), concurrency, async (userId) => {
    const teacher = userId <= teachers;
    const email = `${teacher ? 'teacher' : 'student'}${userId}@${TENANT}.school`;
    await append(streamIds.userEmail(TENANT, email), [ev({ type: 'EmailReserved', data: { email, userId } }, meta())], 'no_stream');
    await append(streamIds.user(TENANT, userId), [ev({ type: 'UserRegistered', data: {
      userId, email, role: teacher ? 'instructor' : 'student', passwordHash: FAKE_HASH, firstName: teacher ? 'Teacher' : 'Student',
      lastName: String(userId), ...(teacher ? { title: 'Dr' } : { class: '10', section: 'AB'[userId % 2]!, enrollmentDate: '2026-01-05' }),
      registeredAt: iso(userId * 1000) } }, meta())], 'no_stream');
  });

  // Courses with their enrolments; student s takes courses s % courses, (s + 1) % courses, ...
  const roster = new Map<number, number[]>();
  for (let s = 0; s < students; s++) {
    for (let k = 0; k < coursesPerStudent; k++) {
      const c = (s + k * Math.floor(courses / coursesPerStudent)) % courses;
      roster.set(c + 1, [...(roster.get(c + 1) ?? []), teachers + 1 + s]);
    }
  }
  await pool(Array.from({ length: courses }, (_, i) => i + 1), concurrency, async (courseId) => {
    const instructor = 1 + ((courseId - 1) % teachers);
    await append(streamIds.course(TENANT, courseId), [
      ev({ type: 'CourseCreated', data: { courseId, courseCode: `C${courseId}`, courseName: `Course ${courseId}`, courseClass: '10',
        subject: ['Mathematics', 'Physics', 'Chemistry', 'History'][courseId % 4]!, instructorIds: [instructor], createdAt: iso(DAY) } }, meta()),
      ...roster.get(courseId)!.map((studentId) =>
        ev({ type: 'StudentEnrolled', data: { courseId, studentId, enrolledAt: iso(DAY + studentId) } }, meta())),
    ], 'no_stream');
  });

  // Published assignments, each with its questions.
  const assignments: { assignmentId: number; courseId: number; questionIds: number[] }[] = [];
  for (let courseId = 1; courseId <= courses; courseId++) {
    for (let a = 0; a < assignmentsPerCourse; a++) {
      const assignmentId = assignments.length + 1;
      assignments.push({ assignmentId, courseId, questionIds: Array.from({ length: questions }, (_, q) => (assignmentId - 1) * questions + q + 1) });
    }
  }
  await pool(assignments, concurrency, async ({ assignmentId, courseId, questionIds }) => {
    const teacher = 1 + ((courseId - 1) % teachers);
    const m = meta(teacher, 'instructor');
    await append(streamIds.assignment(TENANT, assignmentId), [
      ev({ type: 'AssignmentCreated', data: { assignmentId, courseId, title: `Homework ${assignmentId}`, assigned: iso(2 * DAY),
        due: iso(60 * DAY), timeLimitSeconds: assignmentId % 5 === 0 ? 3600 : null, createdBy: teacher, createdAt: iso(2 * DAY) } }, m),
      ...questionIds.map((questionId, i) => ev({ type: 'QuestionAdded', data: {
        assignmentId, questionId, questionNumber: i + 1, content: `Question ${i + 1} of homework ${assignmentId}: ${text(random, 120)}`,
        marksPossible: 1 + (questionId % 4) } }, m)),
      ev({ type: 'AssignmentPublished', data: { assignmentId, publishedAt: iso(2 * DAY) } }, m),
    ], 'no_stream');
  });

  // Submission streams: every enrolled student on every assignment of their courses.
  const subs = assignments.flatMap((a) => roster.get(a.courseId)!.map((studentId) => ({ ...a, studentId })));
  const budget = total - written;
  if (budget < subs.length * 2) throw new Error(`${total} events is too few for ${subs.length} submission streams`);
  const plans = subs.map((s, i) => {
    const n = Math.floor(budget / subs.length) + (i < budget % subs.length ? 1 : 0);
    const events: NewEvent[] = [];
    let draft = '';
    for (let k = 0; k < n - 1; k++) {
      const questionId = s.questionIds[Math.floor(k / Math.ceil((n - 1) / s.questionIds.length))] ?? s.questionIds.at(-1)!;
      draft = k > 0 && random() < 0.7 ? `${draft} ${text(random, 30)}`.slice(-1200) : text(random, 40 + Math.floor(random() * 300));
      events.push(ev({ type: 'AnswerSaved', data: { assignmentId: s.assignmentId, studentId: s.studentId, questionId,
        responseContent: draft, savedAt: iso(3 * DAY + i * 1000 + k) } }, meta(s.studentId, 'student')));
    }
    events.push(ev({ type: 'AssignmentSubmitted', data: { assignmentId: s.assignmentId, studentId: s.studentId,
      submittedAt: iso(4 * DAY + i * 1000) } }, meta(s.studentId, 'student')));
    return { streamId: streamIds.submission(TENANT, s.assignmentId, s.studentId), events };
  });
  const answered = plans.reduce((sum, p) => sum + new Set(p.events.map((e) => e.data.questionId).filter((q) => q !== undefined)).size, 0);
  // Two rounds so each stream's saves interleave with everyone else's in the global log.
  await pool(plans, concurrency, (p) => append(p.streamId, p.events.slice(0, Math.ceil(p.events.length / 2)), 'no_stream'));
  await pool(plans, concurrency, (p) => append(p.streamId, p.events.slice(Math.ceil(p.events.length / 2)), Math.ceil(p.events.length / 2)));
  return { events: written, submissionStreams: plans.length, studentAssignments: subs.length, answeredQuestions: answered };
}

async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

const WORDS = ['the', 'force', 'equals', 'mass', 'times', 'acceleration', 'so', 'we', 'get', 'x', 'root', 'because', 'energy',
  'is', 'conserved', 'therefore', 'answer', 'slope', 'line', 'graph', 'shows', 'that', 'value', 'increases', 'when'];
function text(random: () => number, length: number): string {
  let s = '';
  while (s.length < length) s += `${WORDS[Math.floor(random() * WORDS.length)]} `;
  return s.slice(0, length).trim();
}

function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

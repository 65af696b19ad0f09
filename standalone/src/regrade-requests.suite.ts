import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeMembership, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import {
  REGRADE_MESSAGES as M,
  type GradeSubmissionLine,
  type NotificationsReply,
  type RegradeRequestsReply,
  type ResponseHistoryEntry,
} from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Student regrade requests (issue 14 item 7) through the standalone server: a student asks on a graded question, the
 * instructor reads the queue and accepts (a new mark), answers or rejects; the student reads the outcome and is
 * notified; each step is in the response's history. Refused: ungraded, another's question, a second open request,
 * outside the window, another instructor or school.
 */
let server: Standalone;
let teacher: TestUser;
let stranger: TestUser;
let outsider: TestUser;
let ann: TestUser;
let ben: TestUser;
const ids: Record<string, number> = {};
let assignmentId: number;
let otherAssignmentId: number;
let q1: number;
let q2: number;
let otherQuestion: number;
let position: string | null = null;
/** Added to the server's clock: moves time past a window. */
let clockOffsetMs = 0;

const PASSWORD = 'Evergrade#2026';
const QUESTIONS = [
  { question_number: 1, question: 'What is 7 × 8?', marks_possible: 2, answer: '56', grading_instructions: '', tags: [] },
  {
    question_number: 2,
    question: 'Name the gas plants take in.',
    marks_possible: 1,
    answer: 'Carbon dioxide',
    grading_instructions: '',
    tags: [],
  },
];

async function addAssignment(title: string, course: string): Promise<{ id: number; questions: number[] }> {
  const added = await teacher.post('/grader/add-assignment', {
    title,
    description: '',
    due_date: new Date(Date.now() + 86_400_000).toISOString(),
    course,
    creation_method: 'scratch',
    student_submissions_allowed: true,
    questions: QUESTIONS,
  });
  expect(added.statusCode).toBe(200);
  const sheet = await teacher.post(
    '/grader/get-assignment-questions',
    { assignment_id: added.json.assignment_id },
    afterPosition(added.json.position),
  );
  return { id: added.json.assignment_id, questions: (sheet.json.questions as { question_id: number }[]).map((q) => q.question_id) };
}

async function grade(studentId: number): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/grader/grade-submission',
    headers: { cookie: cookieOf(teacher), 'x-csrf-token': teacher.cookies.csrf_access_token ?? '' },
    payload: { assignment_id: assignmentId, student_id: studentId },
  });
  expect(res.statusCode).toBe(200);
  const lines = res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as GradeSubmissionLine);
  const done = lines.at(-1) as { status: string; position: string | null };
  expect(done.status).toBe('complete');
  position = done.position ?? position;
}
/** A refusal's message without the field name zod's errors start with ('reason: …'). */
const bare = (message: string) => message.replace(/^[a-z_]+: /, '');
const cookieOf = (u: TestUser) =>
  Object.entries(u.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

const ask = (u: TestUser, questionId: number, reason = 'My working shows the right answer.', assignment = assignmentId) =>
  u.post('/students/request-regrade', { assignment_id: assignment, question_id: questionId, reason });
const queue = async (u: TestUser = teacher) => {
  const res = await u.post('/grader/get-regrade-requests', { assignment_id: assignmentId }, afterPosition(position));
  return { status: res.statusCode, json: res.json as RegradeRequestsReply & { message?: string } };
};
const resolve = (body: Record<string, unknown>, u: TestUser = teacher) => u.post('/grader/resolve-regrade-request', body);
const notificationsOf = async (u: TestUser) => {
  const res = await u.get('/notifications', afterPosition(position));
  expect(res.statusCode).toBe(200);
  return res.json as NotificationsReply;
};
const historyOf = async (responseId: number) => {
  const res = await teacher.post('/grader/response-history', { response_id: responseId }, afterPosition(position));
  expect(res.statusCode).toBe(200);
  return res.json as ResponseHistoryEntry[];
};

export function regradeRequestsSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      now: () => new Date(Date.now() + clockOffsetMs),
      ...(await open()),
    });
    const system = { tenant: 'demo', actorRole: 'system' as const };
    const now = new Date();
    const user = (email: string, role: 'instructor' | 'student', first: string) =>
      registerUser(server.store, system, { email, role, password: PASSWORD, firstName: first, lastName: 'Regrade' }, now);
    ids.teacher = await user('rr.teacher@demo.school', 'instructor', 'Rita');
    await user('rr.stranger@demo.school', 'instructor', 'Sam');
    ids.ann = await user('ann.rr@demo.school', 'student', 'Ann');
    ids.ben = await user('ben.rr@demo.school', 'student', 'Ben');
    const course = (code: string) =>
      createCourse(
        server.store,
        system,
        { courseCode: code, courseName: `Regrades ${code}`, courseClass: '9', subject: 'Maths', instructorIds: [ids.teacher!] },
        now,
      );
    const { courseId } = await course('RRQ9');
    await course('RRQ10');
    for (const name of ['ann', 'ben']) await changeMembership(server.store, system, 'EnrollStudent', courseId, ids[name]!, now);
    const other = { tenant: 'elsewhere', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Elsewhere School', now);
    await registerUser(
      server.store,
      other,
      { email: 'rr.teacher@elsewhere.school', role: 'instructor', password: PASSWORD, firstName: 'Olga', lastName: 'Else' },
      now,
    );
    teacher = await loginAs(server.app, 'instructor', 'rr.teacher@demo.school', PASSWORD);
    stranger = await loginAs(server.app, 'instructor', 'rr.stranger@demo.school', PASSWORD);
    outsider = await loginAs(server.app, 'instructor', 'rr.teacher@elsewhere.school', PASSWORD);
    ann = await loginAs(server.app, 'student', 'ann.rr@demo.school', PASSWORD);
    ben = await loginAs(server.app, 'student', 'ben.rr@demo.school', PASSWORD);
    const a = await addAssignment('Numbers And Plants', 'RRQ9');
    assignmentId = a.id;
    [q1, q2] = a.questions as [number, number];
    const b = await addAssignment('Another Course Quiz', 'RRQ10');
    otherAssignmentId = b.id;
    otherQuestion = b.questions[0]!;
    for (const [u, answers] of [
      [ann, { [q1]: '54', [q2]: 'oxygen' }],
      [ben, { [q1]: '56', [q2]: 'carbon dioxide' }],
    ] as const) {
      const submitted = await u.post('/students/submit-assignment', { assignment_id: assignmentId, responses: answers });
      expect(submitted.statusCode).toBe(200);
      position = submitted.json.position;
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a request on a question not yet graded, and on a question of an assignment the student does not take', async () => {
    const early = await ask(ann, q1);
    expect(early.statusCode).toBe(400);
    expect(bare(early.json.message)).toBe(M.notGraded);
    const foreign = await ask(ann, otherQuestion, 'Please look again.', otherAssignmentId);
    expect(foreign.statusCode).toBe(404);
    const mixed = await ask(ann, otherQuestion);
    expect(mixed.statusCode).toBe(404);
    expect(bare(mixed.json.message)).toBe(M.questionNotFound);
  });

  it('a student asks on their graded question once; the queue shows it to the instructor who teaches it only', async () => {
    await grade(ids.ann!);
    await grade(ids.ben!);
    const blank = await ask(ann, q1, '   ');
    expect(blank.statusCode).toBe(400);
    expect(bare(blank.json.message)).toBe(M.reason);
    const asked = await ask(ann, q1, 'I wrote 54 but my working shows 56.');
    expect(asked.statusCode).toBe(200);
    expect(asked.json.request_id).toBeGreaterThan(0);
    position = asked.json.position;
    const again = await ask(ann, q1, 'Again please.');
    expect(again.statusCode).toBe(409);
    expect(bare(again.json.message)).toBe(M.alreadyOpen);

    const q = await queue();
    expect(q.status).toBe(200);
    expect(q.json.window_days).toBe(7);
    expect(q.json.requests).toHaveLength(1);
    expect(q.json.requests[0]).toMatchObject({
      request_id: asked.json.request_id,
      student_id: ids.ann,
      student_name: 'Ann Regrade',
      question_number: 1,
      reason: 'I wrote 54 but my working shows 56.',
      status: 'open',
      reply: null,
      points_before: 0,
      points_possible: 2,
    });
    expect((await queue(stranger)).status).toBe(404);
    expect((await queue(outsider)).status).toBe(404);
    expect((await ann.post('/grader/get-regrade-requests', { assignment_id: assignmentId })).statusCode).toBe(403);
    const own = await ann.post('/students/get-regrade-requests', { assignment_id: assignmentId }, afterPosition(position));
    expect(own.json.requests.map((r: { status: string }) => r.status)).toEqual(['open']);
    const others = await ben.post('/students/get-regrade-requests', { assignment_id: assignmentId }, afterPosition(position));
    expect(others.json.requests).toEqual([]);
    // The instructor who teaches the course hears of it; another instructor does not.
    const told = await notificationsOf(teacher);
    expect(told.unread).toBe(1);
    expect(told.notifications[0]).toMatchObject({
      kind: 'regrade-requested',
      title: 'Regrade request: Question 1 of Numbers And Plants',
      body: 'I wrote 54 but my working shows 56.',
      link: `/instructor/assignments/${assignmentId}#regrade-requests`,
    });
    expect((await notificationsOf(stranger)).notifications).toEqual([]);
  });

  it('only the instructor who teaches it resolves; an accepted request changes the mark, notifies and is in the history', async () => {
    const [open] = (await queue()).json.requests;
    const id = open!.request_id;
    const body = { request_id: id, outcome: 'accepted', points_obtained: 2, reply: 'Your working is right: full marks.' };
    expect((await resolve(body, stranger)).statusCode).toBe(404);
    expect((await resolve(body, outsider)).statusCode).toBe(404);
    expect((await resolve(body, ann)).statusCode).toBe(403);
    const missing = await resolve({ ...body, points_obtained: undefined });
    expect([missing.statusCode, bare(missing.json.message)]).toEqual([400, M.pointsNeeded]);
    const tooMany = await resolve({ ...body, points_obtained: 3 });
    expect([tooMany.statusCode, bare(tooMany.json.message)]).toEqual([400, M.pointsRange(2)]);
    const wrongOutcome = await resolve({ ...body, outcome: 'maybe' });
    expect([wrongOutcome.statusCode, bare(wrongOutcome.json.message)]).toEqual([400, M.outcome]);
    expect((await resolve({ ...body, request_id: 999_999 })).statusCode).toBe(404);

    const done = await resolve(body);
    expect(done.statusCode).toBe(200);
    position = done.json.position;
    const twice = await resolve(body);
    expect([twice.statusCode, bare(twice.json.message)]).toEqual([409, M.alreadyResolved]);

    const [resolved] = (await queue()).json.requests;
    expect(resolved).toMatchObject({ status: 'accepted', reply: body.reply, points_before: 0, points_after: 2 });
    const sheet = await ann.post('/students/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(position));
    const question = (sheet.json.questions ?? sheet.json).find((x: { question_id: number }) => x.question_id === q1);
    expect(question.grade).toBe(2);

    const history = await historyOf(open!.response_id);
    const kinds = history.map((h) => h.kind);
    expect(kinds.slice(-2)).toEqual(['RegradeRequested', 'RegradeRequestResolved']);
    expect(history.at(-2)).toMatchObject({ reason: 'I wrote 54 but my working shows 56.', points: 0 });
    expect(history.at(-1)).toMatchObject({ previous_points: 0, points: 2, reason: `accepted: ${body.reply}` });

    const n = await notificationsOf(ann);
    expect(n.unread).toBe(1);
    expect(n.notifications[0]).toMatchObject({
      kind: 'regrade-request-resolved',
      title: 'Regrade request accepted: Question 1 of Numbers And Plants',
      read: false,
      link: `/student/assignments/${assignmentId}#question-${q1}`,
    });
    expect(n.notifications[0]!.body).toContain('Your mark changed from 0 to 2 of 2.');
    expect((await notificationsOf(ben)).notifications).toEqual([]);
    // Resolving it is reading it.
    expect((await notificationsOf(teacher)).unread).toBe(0);
  });

  it('an answered request keeps the mark; reading notifications marks them read', async () => {
    const asked = await ask(ann, q2, 'Oxygen is also taken in by plants.');
    expect(asked.statusCode).toBe(200);
    const rejectedWithMark = await resolve({ request_id: asked.json.request_id, outcome: 'answered', points_obtained: 1, reply: 'x' });
    expect([rejectedWithMark.statusCode, bare(rejectedWithMark.json.message)]).toEqual([400, M.pointsNotAllowed]);
    const answered = await resolve({
      request_id: asked.json.request_id,
      outcome: 'answered',
      reply: 'Plants take in oxygen too, but for photosynthesis the gas is carbon dioxide.',
    });
    expect(answered.statusCode).toBe(200);
    position = answered.json.position;
    const q = await queue();
    expect(q.json.requests.map((r) => [r.question_number, r.status, r.points_after])).toEqual([
      [2, 'answered', null],
      [1, 'accepted', 2],
    ]);
    const n = await notificationsOf(ann);
    expect(n.unread).toBe(2);
    expect(n.notifications[0]!.title).toBe('Regrade request answered: Question 2 of Numbers And Plants');
    const read = await ann.post('/notifications/mark-read', { ids: [n.notifications[0]!.id] });
    expect(read.statusCode).toBe(200);
    position = read.json.position;
    expect((await notificationsOf(ann)).unread).toBe(1);
    const all = await ann.post('/notifications/mark-read', {});
    position = all.json.position;
    const after = await notificationsOf(ann);
    expect([after.unread, after.notifications.every((x) => x.read)]).toEqual([0, true]);
    expect((await ann.post('/notifications/mark-read', { ids: 'all' })).statusCode).toBe(400);
  });

  it('a request outside the window is refused; the instructor sets the window (0 closes requests)', async () => {
    const badDays = await teacher.post('/grader/set-regrade-window', { assignment_id: assignmentId, days: 1.5 });
    expect([badDays.statusCode, bare(badDays.json.message)]).toEqual([400, M.days]);
    expect((await ann.post('/grader/set-regrade-window', { assignment_id: assignmentId, days: 3 })).statusCode).toBe(403);
    expect((await stranger.post('/grader/set-regrade-window', { assignment_id: assignmentId, days: 3 })).statusCode).toBe(404);
    const closed = await teacher.post('/grader/set-regrade-window', { assignment_id: assignmentId, days: 0 });
    expect(closed.statusCode).toBe(200);
    position = closed.json.position;
    expect((await queue()).json.window_days).toBe(0);
    const refused = await ask(ben, q1);
    expect([refused.statusCode, bare(refused.json.message)]).toEqual([400, M.windowClosed(0)]);

    const one = await teacher.post('/grader/set-regrade-window', { assignment_id: assignmentId, days: 1 });
    position = one.json.position;
    clockOffsetMs = 2 * 86_400_000;
    try {
      const late = await ask(ben, q1);
      expect([late.statusCode, bare(late.json.message)]).toEqual([400, M.windowClosed(1)]);
    } finally {
      clockOffsetMs = 0;
    }
    const inTime = await ask(ben, q1);
    expect(inTime.statusCode).toBe(200);
  });
}

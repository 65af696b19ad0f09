import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeadlineReactor, registerUser } from '@evergrade/command-service';
import { MESSAGES, SESSION_GRACE_SECONDS, TIMER_MESSAGES, streamIds, type AddAssignmentBody } from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Autosave and timed sessions through the standalone server, with its clock injected: saves replayed out of order
 * and twice (newest wins, nothing duplicated), and a timed session driven past its limit with no client at all.
 */
let server: Standalone;
let clock = Date.now();
let teacher: TestUser;
let student: TestUser;
let student2: TestUser;
let stranger: TestUser;

const at = (seconds: number, from = clock) => new Date(from + seconds * 1000).toISOString();
const addAssignment = async (title: string, timeLimit: number | null) => {
  const body: AddAssignmentBody = {
    title,
    description: '',
    due_date: at(7 * 24 * 3600),
    email: 'teacher@demo.school',
    expressMode: false,
    course: 'MATH10',
    creation_method: 'scratch',
    student_submissions_allowed: true,
    ai_config: null,
    time_limit: timeLimit,
    questions: [
      { question_number: 1, question: 'Solve $x^2 = 4$', marks_possible: 2, answer: 'x = ±2', grading_instructions: '', tags: [] },
      { question_number: 2, question: 'Factorise $x^2 - 9$', marks_possible: 1, answer: '(x-3)(x+3)', grading_instructions: '', tags: [] },
    ],
  };
  const res = await teacher.post('/grader/add-assignment', body);
  expect(res.statusCode).toBe(200);
  const id = res.json.assignment_id as number;
  // The instructor's sheet: a student sees a timed assignment's questions only once its session is started.
  const sheet = (await teacher.post('/grader/get-assignment-questions', { assignment_id: id }, afterPosition(res.json.position))).json;
  return {
    id,
    questionIds: (sheet.questions as { question_id: number }[]).map((q) => q.question_id),
    position: res.json.position as string,
  };
};
const put = (u: TestUser, url: string, payload: object) => u.put(url, payload);
const eventsOf = async (assignmentId: number, studentId: number) =>
  server.store.readStream(streamIds.submission('demo', assignmentId, studentId));
const until = async <T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

export function timedSessionsSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let studentId: number;
  let student2Id: number;
  beforeAll(async () => {
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      now: () => new Date(clock),
      ...(await open()),
    });
    teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
    student = await loginAs(server.app, 'student', 'student@demo.school');
    student2 = await loginAs(server.app, 'student', 'student2@demo.school');
    studentId = (await student.get('/students/get-student')).json.studentId;
    student2Id = (await student2.get('/students/get-student')).json.studentId;
    await registerUser(
      server.store,
      { tenant: 'demo', actorRole: 'system' },
      {
        email: 'timer.stranger@demo.school',
        role: 'instructor',
        password: 'Evergrade#2026',
        firstName: 'Ada',
        lastName: 'King',
        title: 'Dr',
      },
      new Date(),
    );
    stranger = await loginAs(server.app, 'instructor', 'timer.stranger@demo.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('autosave', () => {
    it('applies the newest edit when saves arrive out of order and twice, and records each edit once', async () => {
      const {
        id,
        questionIds: [q1, q2],
      } = await addAssignment('Autosave Order', null);
      const edits = [
        { text: 'first draft', at: at(-30), command: randomUUID() },
        { text: 'second draft', at: at(-20), command: randomUUID() },
        { text: 'final answer', at: at(-10), command: randomUUID() },
      ];
      const save = (e: (typeof edits)[number], question = q1) =>
        student.post('/students/set-assignment-response', {
          assignment_id: id,
          question_id: question,
          response_content: e.text,
          command_id: e.command,
          client_saved_at: e.at,
        });
      // A queue flushed late: newest first, then the older ones, then every one again (retries).
      await save(edits[2]!);
      for (const e of [edits[0]!, edits[1]!, edits[2]!, edits[0]!, edits[1]!]) {
        const res = await save(e);
        expect(res.statusCode).toBe(200);
      }
      const last = await save({ text: 'other question', at: at(-40), command: randomUUID() }, q2);
      expect(last.statusCode).toBe(200);
      const questions = (await student.post('/students/get-assignment-questions', { assignment_id: id }, afterPosition(last.json.position)))
        .json.questions;
      expect(questions.map((q: { response_content: string | null }) => q.response_content)).toEqual(['final answer', 'other question']);
      const saves = (await eventsOf(id, studentId)).filter((e) => e.type === 'AnswerSaved');
      expect(saves.map((e) => e.data.responseContent)).toEqual(['final answer', 'other question']);
    });

    it('refuses a client time that is not a date, naming the field', async () => {
      const {
        id,
        questionIds: [q1],
      } = await addAssignment('Autosave Bad Time', null);
      const res = await student.post('/students/set-assignment-response', {
        assignment_id: id,
        question_id: q1,
        response_content: 'x',
        client_saved_at: 'yesterday',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json.field).toBe('client_saved_at');
    });
  });

  describe('a timed session, with the clock on the server', () => {
    let id: number;
    let q1: number;
    let startedAt: number;

    it('has no session before the start, and refuses answers until it starts', async () => {
      let position: string;
      ({
        id,
        questionIds: [q1],
        position,
      } = (await addAssignment('Timed Quiz', 120)) as { id: number; questionIds: [number]; position: string });
      expect((await student.get(`/sessions/current/${id}`)).statusCode).toBe(404);
      const res = await student.post('/students/set-assignment-response', {
        assignment_id: id,
        question_id: q1,
        response_content: 'early',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json.message).toBe(TIMER_MESSAGES.notStarted);
      const questions = await student.post('/students/get-assignment-questions', { assignment_id: id }, afterPosition(position));
      expect(questions.statusCode).toBe(409);
      expect(questions.json.message).toBe(TIMER_MESSAGES.startBeforeQuestions);
    });

    it("starts it; a second start is the spec's 400 'Session already active'", async () => {
      startedAt = clock;
      const res = await student.post(`/sessions/start/${id}`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({
        is_active: true,
        is_submitted: false,
        time_remaining_seconds: 120,
        time_limit_seconds: 120,
        session_started_at: at(0),
      });
      const again = await student.post(`/sessions/start/${id}`, {});
      expect(again.statusCode).toBe(400);
      expect(again.json.error).toBe('Session already active');
      const questions = await student.post('/students/get-assignment-questions', { assignment_id: id }, afterPosition(res.json.position));
      expect(questions.statusCode).toBe(200);
      expect(questions.json.questions).toHaveLength(2);
    });

    it('counts down by the server clock, records heartbeats and answers', async () => {
      clock += 30_000;
      expect((await student.get(`/sessions/current/${id}`)).json.time_remaining_seconds).toBe(90);
      const beat = await put(student, '/sessions/heartbeat', { assignment_id: id, time_used_seconds: 30 });
      expect(beat).toMatchObject({ statusCode: 200, json: { success: true, time_remaining_seconds: 90 } });
      expect((await put(student, '/sessions/heartbeat', { assignment_id: id, time_used_seconds: -1 })).statusCode).toBe(400);
      expect(
        (
          await student.post('/students/set-assignment-response', {
            assignment_id: id,
            question_id: q1,
            response_content: 'x = 2 or x = -2',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('lets the teaching instructor grant extra time while it runs, and nobody else', async () => {
      expect(
        (await stranger.post('/instructors/grant-extra-time', { assignment_id: id, student_id: studentId, extra_seconds: 60 })).statusCode,
      ).toBe(404);
      const none = await teacher.post('/instructors/grant-extra-time', { assignment_id: id, student_id: student2Id, extra_seconds: 60 });
      expect(none.statusCode).toBe(409);
      expect(none.json.message).toBe(TIMER_MESSAGES.noRunningSession);
      const res = await teacher.post('/instructors/grant-extra-time', { assignment_id: id, student_id: studentId, extra_seconds: 60 });
      expect(res.statusCode).toBe(200);
      expect(res.json.deadline).toBe(at(180, startedAt));
      expect((await student.get(`/sessions/current/${id}`)).json).toMatchObject({ time_remaining_seconds: 150, extra_seconds: 60 });
      const panel = (await teacher.get(`/instructors/get-timed-sessions/${id}`, afterPosition(res.json.position))).json.sessions;
      expect(panel).toEqual([
        expect.objectContaining({
          student_id: studentId,
          name: 'Ada Lovelace',
          status: 'active',
          extra_seconds: 60,
          time_limit_seconds: 120,
          deadline: at(180, startedAt),
        }),
      ]);
      expect((await stranger.get(`/instructors/get-timed-sessions/${id}`)).statusCode).toBe(404);
    });

    it('accepts a save in flight within the grace after the deadline', async () => {
      clock = startedAt + (180 + SESSION_GRACE_SECONDS - 5) * 1000;
      const res = await student.post('/students/set-assignment-response', {
        assignment_id: id,
        question_id: q1,
        response_content: 'x = ±2',
      });
      expect(res.statusCode).toBe(200);
    });

    it('is submitted by the server itself, with no client, once past deadline and grace; later saves are refused', async () => {
      clock = startedAt + (180 + SESSION_GRACE_SECONDS + 1) * 1000;
      const submitted = await until(async () => (await eventsOf(id, studentId)).find((e) => e.type === 'AssignmentSubmitted'));
      expect(submitted.data).toMatchObject({ submissionMethod: 'server_time_limit', timeUsedSeconds: 180 });
      expect(submitted.metadata).toMatchObject({ actorRole: 'system' });
      const late = await student.post('/students/set-assignment-response', {
        assignment_id: id,
        question_id: q1,
        response_content: 'too late',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json.message).toBe(MESSAGES.alreadySubmitted);
      expect((await student.get(`/sessions/current/${id}`)).json).toMatchObject({
        is_active: false,
        is_submitted: true,
        time_remaining_seconds: 0,
        submission_method: 'server_time_limit',
      });
      const answers = (
        await student.post('/students/get-assignment-questions', { assignment_id: id }, afterPosition(submitted.globalPosition))
      ).json.questions;
      expect(answers[0].response_content).toBe('x = ±2');
      const list = (await student.get('/students/get-assignments', afterPosition(submitted.globalPosition))).json;
      expect(list[String(id)].status).toBe('Submitted');
      // Another pass of the clock (or a second replica) changes nothing.
      expect(await server.deadlines.tick()).toBe(0);
      expect((await eventsOf(id, studentId)).filter((e) => e.type === 'AssignmentSubmitted')).toHaveLength(1);
    });

    it("accepts the browser's auto-submit after expiry once, and refuses saves after the grace", async () => {
      clock = Date.now(); // the query side shows an assignment from its go-live instant by the database's clock
      const other = await addAssignment('Timed Auto Submit', 60);
      const start = clock;
      expect((await student2.post(`/sessions/start/${other.id}`, {})).statusCode).toBe(200);
      clock = start + 61_000;
      expect(
        (
          await student2.post('/students/set-assignment-response', {
            assignment_id: other.id,
            question_id: other.questionIds[0],
            response_content: 'forced save',
          })
        ).statusCode,
      ).toBe(200);
      const res = await student2.post(`/sessions/submit/${other.id}`, { submission_method: 'auto_time_limit', time_used_seconds: 60 });
      expect(res.json).toMatchObject({ is_submitted: true, submission_method: 'auto_time_limit' });
      expect(
        (await student2.post(`/sessions/submit/${other.id}`, { submission_method: 'auto_time_limit', time_used_seconds: 60 })).statusCode,
      ).toBe(200);
      expect((await eventsOf(other.id, student2Id)).filter((e) => e.type === 'AssignmentSubmitted')).toHaveLength(1);
      expect((await student2.post(`/sessions/submit/${other.id}`, { submission_method: 'later', time_used_seconds: 1 })).statusCode).toBe(
        400,
      );
    });

    it('refuses saves past deadline and grace even before the server has submitted', async () => {
      clock = Date.now();
      const other = await addAssignment('Timed Refusal', 60);
      const start = clock;
      await student2.post(`/sessions/start/${other.id}`, {});
      await server.deadlines.stop();
      clock = start + (60 + SESSION_GRACE_SECONDS + 2) * 1000;
      const res = await student2.post('/students/set-assignment-response', {
        assignment_id: other.id,
        question_id: other.questionIds[0],
        response_content: 'late',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json.message).toBe(TIMER_MESSAGES.timeLimitPassed);
      expect((await put(student2, '/sessions/heartbeat', { assignment_id: other.id, time_used_seconds: 70 })).statusCode).toBe(409);

      // Two replicas of the deadline process racing over it (each reads the log itself, no read model): one submission.
      const replicas = [1, 2].map(() => createDeadlineReactor({ store: server.store, db: server.db, now: () => new Date(clock) }));
      const counts = await Promise.all(replicas.map((r) => r.tick()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      const submissions = (await eventsOf(other.id, student2Id)).filter((e) => e.type === 'AssignmentSubmitted');
      expect(submissions.map((e) => e.data.submissionMethod)).toEqual(['server_time_limit']);
    });
  });
}

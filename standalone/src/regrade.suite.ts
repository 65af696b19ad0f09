import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeMembership, createCourse, registerUser } from '@evergrade/command-service';
import {
  CSRF_COOKIE,
  streamIds,
  type AssignmentSheet,
  type RegradeJobReply,
  type ResponseHistoryEntry,
  type StudentGrading,
} from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Regrade instructions through the API (issue 14 item 5): each form the offline grader understands changes the
 * mark it should; anything else is flagged as needing an AI provider and leaves the mark; regrading every student is a
 * background job followed to its end, each student regraded once.
 */
export const PASSWORD = 'Evergrade#2026';
export const QUESTIONS = [
  {
    question_number: 1,
    question: 'A 2 kg trolley accelerates at 3 m/s^2. What is the resultant force on it?',
    marks_possible: 2,
    answer: '6 N',
    grading_instructions: '',
    tags: [],
  },
  {
    question_number: 2,
    question: 'Name the largest planet of the Solar System.',
    marks_possible: 2,
    answer: 'Jupiter',
    grading_instructions: '',
    tags: [],
  },
  {
    question_number: 3,
    question: 'Why do leaves look green?',
    marks_possible: 2,
    answer: 'They reflect green light and absorb red and blue light.',
    grading_instructions: '',
    tags: [],
  },
];
/** Each student's typed answers to questions 1-3. */
export const ANSWERS: Record<string, [string, string, string]> = {
  ada: ['6', 'Jove', 'chlorophyll'],
  ben: ['6 N', 'Jupiter', 'They reflect green light and absorb red and blue light.'],
  cy: ['7', 'Saturn', 'no idea'],
  dee: ['6', 'Jove', 'chlorophyll'],
};
export type Pupil = keyof typeof ANSWERS;

export type Class = {
  teacher: TestUser;
  stranger: TestUser;
  ids: Record<string, number>;
  assignmentId: number;
  /** The last command's position (reads wait for it). */
  position: string | null;
};

/** A course with four students who typed their answers, every answer graded by the offline grader. */
export async function setUpClass(server: Standalone, code: string): Promise<Class> {
  const system = { tenant: 'demo', actorRole: 'system' as const };
  const now = new Date();
  const ids: Record<string, number> = {};
  const user = (email: string, role: 'instructor' | 'student', firstName: string, lastName: string) =>
    registerUser(server.store, system, { email, role, password: PASSWORD, firstName, lastName }, now);
  const mail = (who: string) => `${who}.${code.toLowerCase()}@demo.school`;
  ids.teacher = await user(mail('teacher'), 'instructor', 'Rosalind', 'Franklin');
  await user(mail('stranger'), 'instructor', 'Carl', 'Sagan');
  for (const p of Object.keys(ANSWERS)) ids[p] = await user(mail(p), 'student', p[0]!.toUpperCase() + p.slice(1), 'Pupil');
  const { courseId } = await createCourse(
    server.store,
    system,
    { courseCode: code, courseName: 'Science', courseClass: '9', subject: 'Science', instructorIds: [ids.teacher] },
    now,
  );
  for (const p of Object.keys(ANSWERS)) await changeMembership(server.store, system, 'EnrollStudent', courseId, ids[p]!, now);
  const teacher = await loginAs(server.app, 'instructor', mail('teacher'), PASSWORD);
  const stranger = await loginAs(server.app, 'instructor', mail('stranger'), PASSWORD);
  const added = await teacher.post('/grader/add-assignment', {
    title: 'Regrade me',
    description: '',
    due_date: new Date(Date.now() + 24 * 3600_000).toISOString(),
    course: code,
    creation_method: 'scratch',
    student_submissions_allowed: true,
    questions: QUESTIONS,
  });
  expect(added.statusCode).toBe(200);
  const assignmentId = added.json.assignment_id as number;
  const sheet = (
    await teacher.post('/grader/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(added.json.position))
  ).json as AssignmentSheet;
  let position: string | null = null;
  const qid = Object.fromEntries(sheet.questions.map((q) => [q.question_number, q.question_id]));
  for (const [p, answers] of Object.entries(ANSWERS)) {
    const student = await loginAs(server.app, 'student', mail(p), PASSWORD);
    const res = await student.post('/students/submit-assignment', {
      assignment_id: assignmentId,
      responses: Object.fromEntries(answers.map((a, i) => [qid[i + 1]!, a])),
    });
    expect(res.statusCode).toBe(200);
    const graded = await server.app.inject({
      method: 'POST',
      url: '/grader/grade-submission',
      headers: {
        cookie: Object.entries(teacher.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        'x-csrf-token': teacher.cookies[CSRF_COOKIE]!,
      },
      payload: { assignment_id: assignmentId, student_id: ids[p] },
    });
    expect(graded.body).toContain('"status":"complete"');
    position = (JSON.parse(graded.body.trim().split('\n').at(-1)!) as { position: string | null }).position ?? position;
  }
  return { teacher, stranger, ids, assignmentId, position };
}

/** Follows a job until it says it is finished (each read is the job's stream as it stands). */
export async function untilFinished(u: TestUser, jobId: string): Promise<RegradeJobReply> {
  for (;;) {
    const res = await u.post('/grader/regrade-job', { job_id: jobId });
    expect(res.statusCode).toBe(200);
    if (res.json.status === 'finished') return res.json as RegradeJobReply;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The grades a job recorded on each student's grading stream. */
export async function jobGrades(server: Standalone, c: Class, jobId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const p of Object.keys(ANSWERS)) {
    const events = await server.store.readStream(streamIds.grading('demo', c.assignmentId, c.ids[p]!));
    counts[p] = events.filter((e) => e.type === 'ResponseGraded' && (e.data as { regradeJobId?: string }).regradeJobId === jobId).length;
  }
  return counts;
}

export function regradeSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let c: Class;
  const seen = (position: string | null | undefined) => {
    if (position) c.position = position;
  };
  const gradeOf = async (p: Pupil, n: number) => {
    const book = (
      await c.teacher.post('/grader/previous-questions-and-responses', { assignment_id: c.assignmentId }, afterPosition(c.position))
    ).json as Record<string, StudentGrading>;
    return book[String(c.ids[p])]!.questions.find((q) => q.question_number === n)!;
  };
  const regrade = async (p: Pupil, n: number, instructions: string, extra: object = {}) => {
    const res = await c.teacher.post('/grader/regrade-question', {
      filename: String(c.ids[p]),
      assignment_id: c.assignmentId,
      question_number: n,
      regrade_instructions: instructions,
      ...extra,
    });
    seen(res.json?.position);
    return res;
  };
  const lastLink = async (responseId: number, position: string | null) =>
    (
      (await c.teacher.post('/grader/response-history', { response_id: responseId }, afterPosition(position)))
        .json as ResponseHistoryEntry[]
    ).at(-1)!;

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    c = await setUpClass(server, 'RGD9');
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('instructions the offline grader understands change the mark', () => {
    it('"also accept: X" gives an accepted answer full marks and says so', async () => {
      const before = await gradeOf('ada', 2);
      expect(before.points_obtained).toBeLessThan(2);
      const res = await regrade('ada', 2, 'Also accept: Jove, Zeus');
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ points_obtained: 2, instructions: 'applied', grader: 'offline', flagged_for_review: '' });
      expect(res.json.instructions_note).toContain('accepts "Jove"');
      expect(res.json.feedback).toContain('Jove');
      expect(await lastLink(res.json.response_id, res.json.position)).toMatchObject({
        kind: 'ResponseGraded',
        previous_points: before.points_obtained,
        points: 2,
        reason: 'Also accept: Jove, Zeus',
      });
    });

    it('"award full marks if the answer mentions X" gives full marks for the mention', async () => {
      const before = await gradeOf('ada', 3);
      expect(before.points_obtained).toBeLessThan(2);
      const res = await regrade('ada', 3, 'Award full marks if the answer mentions chlorophyll.');
      expect(res.json).toMatchObject({ points_obtained: 2, instructions: 'applied' });
      expect(res.json.instructions_note).toContain('"chlorophyll"');
    });

    it('"award N marks if the answer mentions X" gives at least N', async () => {
      const before = await gradeOf('dee', 3);
      expect(before.points_obtained).toBeLessThan(1);
      const res = await regrade('dee', 3, 'award 1 mark if the answer mentions chlorophyll');
      expect(res.json).toMatchObject({ points_obtained: 1, instructions: 'applied' });
    });

    it('"deduct N marks for missing units" takes them off a bare number, not off an answer with its unit', async () => {
      const before = await gradeOf('ada', 1);
      expect(before.points_obtained).toBeGreaterThan(0);
      const res = await regrade('ada', 1, 'Deduct 1 mark for missing units');
      // The teacher's penalty replaces the checker's own for the missing unit: 2 with the unit, less 1.
      expect(res.json).toMatchObject({ points_obtained: 1, instructions: 'applied' });
      expect(res.json.feedback).toContain('no units');
      const ben = await regrade('ben', 1, 'Deduct 1 mark for missing units');
      expect(ben.json).toMatchObject({ points_obtained: 2, instructions: 'applied' });
      expect(ben.json.instructions_note).toMatch(/did not change/);
    });
  });

  describe('instructions it does not understand', () => {
    it('are flagged as needing an AI provider, and the mark and feedback stay as they were', async () => {
      const before = await gradeOf('cy', 3);
      const res = await regrade('cy', 3, 'Be lenient: give credit for any sensible idea about light');
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({
        points_obtained: before.points_obtained,
        feedback: before.feedback,
        instructions: 'not-understood',
      });
      expect(res.json.flagged_for_review).toMatch(/^These instructions need an AI provider/);
      expect(res.json.instructions_note).toMatch(/The mark was left as it was/);
      expect(res.json.instructions_note).not.toMatch(/regraded/i);
      const link = await lastLink(res.json.response_id, res.json.position);
      expect(link).toMatchObject({
        kind: 'ResponseGraded',
        previous_points: before.points_obtained,
        points: before.points_obtained,
        reason: 'Be lenient: give credit for any sensible idea about light',
      });
      expect(link.flagged_for_review).toMatch(/need an AI provider/);
      const after = await gradeOf('cy', 3);
      expect(after).toMatchObject({ points_obtained: before.points_obtained, flagged_for_review: res.json.flagged_for_review });
    });

    it('leave a mark set by hand untouched, even when asked to replace it', async () => {
      const q = await gradeOf('cy', 2);
      const edit = await c.teacher.post('/grader/update-response', {
        response_id: q.response_id,
        points_obtained: 0.5,
        feedback: 'Half a mark for trying.',
        expected_version: q.version,
      });
      expect(edit.statusCode).toBe(200);
      seen(edit.json.position);
      const res = await regrade('cy', 2, 'Think again about this one', { override_manual: true });
      expect(res.json).toMatchObject({ points_obtained: 0.5, kept_manual: true, instructions: 'not-understood', position: null });
    });
  });

  describe('regrading every student: a background job', () => {
    it('regrade-all replies at once with a job that regrades each student once, with each outcome', async () => {
      const start = await c.teacher.post('/grader/regrade-all', {
        assignment_id: c.assignmentId,
        question_number: 2,
        regrade_instructions: 'also accept: Jove',
      });
      expect(start.statusCode).toBe(200);
      expect(start.json).toMatchObject({ total: 4 });
      const job = await untilFinished(c.teacher, start.json.job_id);
      expect(job).toMatchObject({ assignment_id: c.assignmentId, question_number: 2, total: 4, regrade_instructions: 'also accept: Jove' });
      const by = Object.fromEntries(job.students.map((s) => [s.student_id, s]));
      expect(by[c.ids.dee!]).toMatchObject({ outcome: 'applied', points_obtained: 2 });
      expect(by[c.ids.ben!]).toMatchObject({ outcome: 'applied', points_obtained: 2 });
      // Cy's mark was set by hand: kept.
      expect(by[c.ids.cy!]).toMatchObject({ outcome: 'kept-manual', points_obtained: 0.5 });
      expect(await jobGrades(server, c, job.job_id)).toEqual({ ada: 1, ben: 1, cy: 0, dee: 1 });
    });

    it('a job of instructions it does not understand leaves every mark and says so for each student', async () => {
      const before = await gradeOf('ben', 3);
      const start = await c.teacher.post('/grader/regrade-all', {
        assignment_id: c.assignmentId,
        question_number: 3,
        regrade_instructions: 'Use your judgement',
      });
      const job = await untilFinished(c.teacher, start.json.job_id);
      expect(job.students.map((s) => s.outcome)).toEqual(['not-understood', 'not-understood', 'not-understood', 'not-understood']);
      expect(job.students.every((s) => s.points_obtained === s.previous_points)).toBe(true);
      expect(job.students.every((s) => s.note.startsWith('These instructions need an AI provider'))).toBe(true);
      seen((await server.store.headPosition()) ?? null);
      expect((await gradeOf('ben', 3)).points_obtained).toBe(before.points_obtained);
    });

    it('regrade-question with all_students regrades the named student now and the others in a job', async () => {
      const res = await regrade('ben', 1, 'deduct 1 mark for missing units', { all_students: true });
      expect(res.statusCode).toBe(200);
      expect(res.json.job_id).toEqual(expect.any(String));
      const job = await untilFinished(c.teacher, res.json.job_id);
      expect(job.students.map((s) => s.student_id).sort()).toEqual([c.ids.ada, c.ids.cy, c.ids.dee].sort());
    });

    it('refuses a stranger, an unknown job and bad input with a clear 4xx', async () => {
      const start = await c.teacher.post('/grader/regrade-all', { assignment_id: c.assignmentId, question_number: 1 });
      expect(start.statusCode).toBe(200);
      expect((await c.stranger.post('/grader/regrade-job', { job_id: start.json.job_id })).statusCode).toBe(404);
      expect((await c.stranger.post('/grader/regrade-all', { assignment_id: c.assignmentId, question_number: 1 })).statusCode).toBe(404);
      expect((await c.teacher.post('/grader/regrade-all', { assignment_id: c.assignmentId, question_number: 9 })).statusCode).toBe(404);
      expect((await c.teacher.post('/grader/regrade-job', { job_id: 'nope' })).statusCode).toBe(404);
      expect((await c.teacher.post('/grader/regrade-job', { job_id: crypto.randomUUID() })).statusCode).toBe(404);
      expect((await c.teacher.post('/grader/regrade-job', {})).statusCode).toBe(400);
      expect((await c.teacher.post('/grader/regrade-all', { question_number: 1 })).statusCode).toBe(400);
      await untilFinished(c.teacher, start.json.job_id);
    });

    it("lists the assignment's jobs with their counts, the newest first, for its instructor only", async () => {
      const start = await c.teacher.post('/grader/regrade-all', {
        assignment_id: c.assignmentId,
        question_number: 2,
        regrade_instructions: 'also accept: Jupiter',
      });
      expect(start.statusCode).toBe(200);
      const job = await untilFinished(c.teacher, start.json.job_id);
      const head = await server.store.headPosition();
      const list = await c.teacher.post('/grader/get-regrade-jobs', { assignment_id: c.assignmentId }, afterPosition(head ?? null));
      expect(list.statusCode).toBe(200);
      const jobs = list.json.jobs as { job_id: string; started_at: string }[];
      // Every job of this suite so far, the newest first.
      expect(jobs.length).toBeGreaterThanOrEqual(5);
      expect(jobs[0]).toEqual({
        job_id: job.job_id,
        question_number: 2,
        regrade_instructions: 'also accept: Jupiter',
        status: 'finished',
        total: 4,
        done: 4,
        changed: job.students.filter((s) => s.points_obtained !== null && s.points_obtained !== s.previous_points).length,
        kept_manual: job.students.filter((s) => s.outcome === 'kept-manual').length,
        failed: 0,
        started_at: job.started_at,
        finished_at: job.finished_at,
      });
      expect(jobs[0]!.started_at >= jobs.at(-1)!.started_at).toBe(true);
      expect((await c.stranger.post('/grader/get-regrade-jobs', { assignment_id: c.assignmentId })).statusCode).toBe(404);
      expect((await c.teacher.post('/grader/get-regrade-jobs', {})).statusCode).toBe(400);
      expect((await c.teacher.post('/grader/get-regrade-jobs', { assignment_id: 'x' })).statusCode).toBe(400);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { GradeStatsSchema, StudentSummarySchema, streamIds, type DomainEvent } from '@evergrade/contracts';
import { createAssignment } from '@evergrade/command-service';
import { courseByCode, userByEmail } from '@evergrade/projectors/queries';
import type { AiProvider } from '@evergrade/platform/ai';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * Charts data and the graded-work summary through the standalone server. `grade` writes a student's grading stream
 * as the grader would (the typed answers captured, then a grade and feedback per question), so the marks reach the
 * routes through the read models' own projections.
 */
const DAY = 86_400_000;

function gradeSuite(backend: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let ada: TestUser;
  let emmy: TestUser;
  let ids: { ada: number; emmy: number; teacher: number; math: number; phys: number };
  let quiz: number;
  let essay: number;
  let lab: number;
  let ungraded: number;
  const aiCalls: string[] = [];
  let aiReply: () => Promise<string> = async () => 'unused';
  const fakeAi: AiProvider = {
    name: 'fake-model',
    offline: false,
    complete: async (r) => {
      aiCalls.push(r.user);
      return aiReply();
    },
  };

  let responseIds = 900_000;
  async function grade(studentId: number, assignmentId: number, marks: Record<number, [number, string]>) {
    const questions = (await server.store.readAll({ limit: 100_000 }))
      .filter((e) => e.type === 'QuestionAdded' && e.data.assignmentId === assignmentId)
      .map((e) => ({
        questionId: Number(e.data.questionId),
        questionNumber: Number(e.data.questionNumber),
        marksPossible: Number(e.data.marksPossible),
      }));
    const at = new Date().toISOString();
    const responses = questions.map((q) => ({
      responseId: ++responseIds,
      questionId: q.questionId,
      questionNumber: q.questionNumber,
      response: 'answer',
    }));
    const events: DomainEvent[] = [
      { type: 'OnlineResponsesCaptured', data: { assignmentId, studentId, submissionVersion: 1, responses, capturedAt: at } },
      ...questions.map((q, i): DomainEvent => {
        const [points, feedback] = marks[q.questionNumber] ?? [0, ''];
        return {
          type: 'ResponseGraded',
          data: {
            assignmentId,
            studentId,
            responseId: responses[i]!.responseId,
            questionId: q.questionId,
            questionNumber: q.questionNumber,
            pointsObtained: points,
            pointsPossible: q.marksPossible,
            feedback,
            flaggedForReview: '',
            grader: { kind: 'offline', name: 'offline' },
            confidence: 0.9,
            inputs: { questionVersion: 1, responseVersion: 1 },
            gradedAt: at,
          },
        };
      }),
    ];
    const { lastPosition } = await server.store.append(
      streamIds.grading('demo', assignmentId, studentId),
      events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: { tenant: 'demo' } })),
      { expectedVersion: 'no_stream' },
    );
    await server.runner.reached(lastPosition);
  }

  beforeAll(async () => {
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      ai: fakeAi,
      ...(await backend()),
    });
    // The demo school is seeded as events; its read models are built after the server starts answering.
    await server.runner.reached((await server.store.readAll({ limit: 100_000 })).at(-1)!.globalPosition);
    const user = async (email: string) => (await userByEmail(server.db, 'demo', email))!.user_id;
    const course = async (code: string) => (await courseByCode(server.db, 'demo', code))!.course_id;
    ids = {
      ada: await user('student@demo.school'),
      emmy: await user('student2@demo.school'),
      teacher: await user('teacher@demo.school'),
      math: await course('MATH10'),
      phys: await course('PHYS10'),
    };
    const now = Date.now();
    const make = (courseId: number, title: string, dueDaysAgo: number, marks: number[]) =>
      createAssignment(
        server.store,
        { tenant: 'demo', actorRole: 'instructor', actorId: ids.teacher },
        {
          courseId,
          title,
          assigned: new Date(now - 30 * DAY),
          due: new Date(now - dueDaysAgo * DAY),
          timeLimitSeconds: null,
          publish: true,
          questions: marks.map((m, i) => ({ content: `Question ${i + 1} about forces and motion in a straight line`, marksPossible: m })),
        },
        new Date(now - 30 * DAY),
      );
    quiz = await make(ids.math, 'Fractions Quiz', 10, [4, 4, 2]);
    essay = await make(ids.math, 'Algebra Test', 5, [10]);
    lab = await make(ids.phys, 'Pendulum Lab', 3, [5, 5]);
    ungraded = await make(ids.phys, 'Optics Sheet', 2, [3]);
    const events = await server.store.readAll({ limit: 100_000 });
    await server.runner.reached(events.at(-1)!.globalPosition);
    await grade(ids.ada, quiz, {
      1: [4, 'Correct and clearly set out.'],
      2: [3.5, 'Simplify at the end.'],
      3: [0.5, 'Find a common denominator first. Then add.'],
    });
    await grade(ids.ada, essay, { 1: [6, 'Good start.'] });
    await grade(ids.ada, lab, { 1: [5, 'Excellent measurements.'], 2: [4.5, 'Nice error analysis.'] });
    await grade(ids.emmy, quiz, { 1: [2, ''], 2: [2, ''], 3: [1, ''] });
    ada = await loginAs(server.app, 'student', 'student@demo.school');
    emmy = await loginAs(server.app, 'student', 'student2@demo.school');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists graded work oldest first with percents, and per subject the student and class averages', async () => {
    const res = await ada.get('/students/get-grade-stats');
    expect(res.statusCode).toBe(200);
    const stats = GradeStatsSchema.parse(res.json);
    expect(stats.assignments.map((a) => [a.title, a.percent])).toEqual([
      ['Fractions Quiz', 80],
      ['Algebra Test', 60],
      ['Pendulum Lab', 95],
    ]);
    expect(stats.assignments.find((a) => a.assignment_id === ungraded)).toBeUndefined();
    const math = stats.subjects.find((s) => s.course_code === 'MATH10')!;
    expect(math.average).toBeCloseTo(70);
    expect(math.graded_count).toBe(2);
    // class: Ada 80 and 60, Emmy 50 on the quiz
    expect(math.class_average).toBeCloseTo((80 + 60 + 50) / 3);
    const phys = stats.subjects.find((s) => s.course_code === 'PHYS10')!;
    expect([phys.average, phys.class_average]).toEqual([95, 95]);
  });

  it('shows another student only their own grades, and nothing before any is graded', async () => {
    const stats = GradeStatsSchema.parse((await emmy.get('/students/get-grade-stats')).json);
    expect(stats.assignments.map((a) => a.title)).toEqual(['Fractions Quiz']);
    expect(stats.subjects).toEqual([expect.objectContaining({ course_code: 'MATH10', average: 50, graded_count: 1 })]);
    const pupil = await loginAs(server.app, 'admin', 'admin@demo.school');
    expect((await pupil.get('/students/get-grade-stats')).statusCode).toBe(403);
  });

  it('summarises a graded assignment offline: total, points and feedback per question, strengths and what to work on', async () => {
    aiReply = async () => {
      throw new Error('model down');
    };
    const res = await ada.post('/students/get-student-summary', { assignment_id: quiz });
    expect(res.statusCode).toBe(200);
    const s = StudentSummarySchema.parse(res.json);
    expect(s).toMatchObject({
      assignment_id: quiz,
      title: 'Fractions Quiz',
      course: 'Mathematics',
      marks_obtained: 8,
      marks_total: 10,
      percent: 80,
      generator: 'offline',
    });
    expect(s.notice).toMatch(/not available/);
    expect(s.questions.map((q) => [q.question_number, q.grade, q.marks_possible, q.feedback])).toEqual([
      [1, 4, 4, 'Correct and clearly set out.'],
      [2, 3.5, 4, 'Simplify at the end.'],
      [3, 0.5, 2, 'Find a common denominator first. Then add.'],
    ]);
    expect(s.strengths).toHaveLength(2);
    expect(s.strengths[0]).toContain('Question 1');
    expect(s.to_work_on).toEqual([expect.stringMatching(/^Question 3 .*0\.5\/2 - Find a common denominator first\.$/)]);
    expect(s.summary).toContain('You scored 8.00 out of 10.00 (80.00%) on Fractions Quiz.');
    expect(s.summary).toContain('Go back over Question 3');
  });

  it('has the AI write the paragraph when one is configured, from the grades and feedback', async () => {
    aiReply = async () =>
      'You did well on the quiz overall, with strong answers on the first two questions. Practise common denominators next.';
    aiCalls.length = 0;
    const s = StudentSummarySchema.parse((await ada.post('/students/get-student-summary', { assignment_id: quiz })).json);
    expect(s.generator).toBe('ai');
    expect(s.summary).toMatch(/^You did well on the quiz/);
    expect(s.notice).toBeUndefined();
    expect(s.to_work_on).toHaveLength(1);
    expect(aiCalls[0]).toContain('Find a common denominator first.');
  });

  it('answers 404 for work that is not graded, not the student’s, or unknown, and 400 for a bad id', async () => {
    expect((await ada.post('/students/get-student-summary', { assignment_id: ungraded })).statusCode).toBe(404);
    expect((await emmy.post('/students/get-student-summary', { assignment_id: lab })).statusCode).toBe(404);
    expect((await ada.post('/students/get-student-summary', { assignment_id: 999_999 })).statusCode).toBe(404);
    const bad = await ada.post('/students/get-student-summary', { assignment_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toContain('assignment_id');
  });
}

describe('grade stats and student summary on PGlite', () => gradeSuite(async () => ({})));

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`grade stats and student summary on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  gradeSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'grades');
    return { databaseUrl: schema.connectionString };
  }),
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeMembership, createCourse, registerUser } from '@evergrade/command-service';
import { CSRF_COOKIE, type AssignmentStats, type GradedLine, type StudentGradeRecord } from '@evergrade/contracts';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Insights routes (issue 12) through the standalone server, on marks we set: five students submit online, the
 * offline grader grades them, the instructor sets each mark by hand. Q1 2 marks (Algebra), Q2 3 marks (Algebra and
 * Geometry), Q3 1 mark (no tags: General):
 *   Ann 2 3 1 = 6, Ben 2 1 0 = 3, Cat 0 2 1 = 3, Dan 1 0 1 = 2, Eve 2 3 0 = 5; Fay submits and is not graded;
 *   Gus is enrolled and never submits.
 * Mean 3.8, median 3, max 6 (Ann), min 2 (Dan); full marks per question 3, 2, 3; facility 0.7, 0.6, 0.6;
 * discrimination 0.2/4.8 (near zero), 1/√13.6, −1/√6 (negative) (hand-computed in assignment-stats.unit.test.ts).
 */
let server: Standalone;
let teacher: TestUser;
let stranger: TestUser;
let pupil: TestUser;
const ids: Record<string, number> = {};
let quizId: number;
let laterId: number;
let lastPosition: string | null = null;

const PASSWORD = 'Evergrade#2026';
const QUESTIONS = [
  {
    question_number: 1,
    question: 'Solve 2x = 6.',
    marks_possible: 2,
    answer: 'x = 3',
    grading_instructions: '',
    tags: ['Algebra - Accuracy'],
  },
  {
    question_number: 2,
    question: 'Prove the base angles of an isosceles triangle are equal.',
    marks_possible: 3,
    answer: 'By congruent triangles.',
    grading_instructions: '',
    tags: ['Algebra - Method', 'Geometry - Proof'],
  },
  { question_number: 3, question: 'Name a prime number.', marks_possible: 1, answer: '2', grading_instructions: '', tags: [] },
];
const MARKS: Record<string, [number, number, number] | null> = {
  ann: [2, 3, 1],
  ben: [2, 1, 0],
  cat: [0, 2, 1],
  dan: [1, 0, 1],
  eve: [2, 3, 0],
  fay: null,
};
const NAMES: Record<string, [string, string]> = {
  ann: ['Ann', 'Lee'],
  ben: ['Ben', 'Ng'],
  cat: ['Cat', 'Wu'],
  dan: ['Dan', 'Ho'],
  eve: ['Eve', 'Ma'],
  fay: ['Fay', 'Yu'],
  gus: ['Gus', 'Oh'],
};

const headersOf = (u: TestUser) => ({
  cookie: Object.entries(u.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': u.cookies[CSRF_COOKIE]!,
});

/** grade-submission over HTTP: its NDJSON lines. */
async function gradeSubmission(assignmentId: number, studentId: number): Promise<(GradedLine & { position?: string })[]> {
  const res = await fetch(`${server.url}/grader/grade-submission`, {
    method: 'POST',
    headers: { ...headersOf(teacher), 'content-type': 'application/json' },
    body: JSON.stringify({ assignment_id: assignmentId, student_id: studentId }),
  });
  expect(res.status).toBe(200);
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

const stats = async (u: TestUser, assignmentId: number) =>
  u.post('/grader/get-assignment-stats', { assignment_id: assignmentId }, afterPosition(lastPosition));

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  const system = { tenant: 'demo', actorRole: 'system' as const };
  const now = new Date();
  const user = (email: string, role: 'instructor' | 'student', firstName: string, lastName: string) =>
    registerUser(server.store, system, { email, role, password: PASSWORD, firstName, lastName }, now);
  ids.teacher = await user('insights.teacher@demo.school', 'instructor', 'Mary', 'Somerville');
  await user('insights.stranger@demo.school', 'instructor', 'Carl', 'Gauss');
  for (const [key, [first, last]] of Object.entries(NAMES)) ids[key] = await user(`${key}.insights@demo.school`, 'student', first, last);
  const { courseId } = await createCourse(
    server.store,
    system,
    { courseCode: 'INS9', courseName: 'Insights', courseClass: '9', subject: 'Mathematics', instructorIds: [ids.teacher!] },
    now,
  );
  for (const key of Object.keys(NAMES)) await changeMembership(server.store, system, 'EnrollStudent', courseId, ids[key]!, now);
  teacher = await loginAs(server.app, 'instructor', 'insights.teacher@demo.school', PASSWORD);
  stranger = await loginAs(server.app, 'instructor', 'insights.stranger@demo.school', PASSWORD);
  pupil = await loginAs(server.app, 'student', 'ann.insights@demo.school', PASSWORD);
  const add = async (title: string, days: number) => {
    const res = await teacher.post('/grader/add-assignment', {
      title,
      description: '',
      due_date: new Date(Date.now() + days * 86_400_000).toISOString(),
      course: 'INS9',
      creation_method: 'scratch',
      student_submissions_allowed: true,
      questions: QUESTIONS,
    });
    expect(res.statusCode).toBe(200);
    return res.json as { assignment_id: number; position: string };
  };
  const quiz = await add('Quiz', 2);
  quizId = quiz.assignment_id;
  laterId = (await add('Later', 9)).assignment_id;
  const sheet = await teacher.post('/grader/get-assignment-questions', { assignment_id: quizId }, afterPosition(quiz.position));
  const questionIds = (sheet.json.questions as { question_id: number }[]).map((q) => q.question_id);
  for (const [key, marks] of Object.entries(MARKS)) {
    const student = await loginAs(server.app, 'student', `${key}.insights@demo.school`, PASSWORD);
    const submitted = await student.post('/students/submit-assignment', {
      assignment_id: quizId,
      responses: Object.fromEntries(questionIds.map((id) => [id, 'my answer'])),
    });
    expect(submitted.statusCode).toBe(200);
    lastPosition = submitted.json.position;
    if (!marks) continue;
    const lines = await gradeSubmission(quizId, ids[key]!);
    const graded = lines.filter((l) => typeof l.response_id === 'number');
    expect(graded).toHaveLength(3);
    for (const line of graded) {
      const res = await teacher.post('/grader/update-response', {
        response_id: line.response_id,
        points_obtained: marks[line.question_number - 1],
        feedback: 'Set by hand',
        expected_version: line.version,
      });
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      lastPosition = res.json.position;
    }
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('assignment stats', () => {
  it('answers the overview stats with the students named, and item analysis', async () => {
    const res = await stats(teacher, quizId);
    expect(res.statusCode).toBe(200);
    const s = res.json as AssignmentStats;
    expect(s).toMatchObject({
      assignment_id: quizId,
      submissions: 6,
      graded: 5,
      total_possible: 6,
      mean: 3.8,
      median: 3,
      max: { maxScore: 6, maxScoreStudents: ['Ann Lee'] },
      min: { minScore: 2, minScoreStudents: ['Dan Ho'] },
      scores: [2, 3, 3, 5, 6],
      questionCorrectFrequency: { '1': 3, '2': 2, '3': 3 },
      item_analysis_unreliable: false,
    });
    expect(s.item_analysis.map((q) => [q.question_number, q.full_marks, q.flag])).toEqual([
      [1, 3, 'near-zero'],
      [2, 2, null],
      [3, 3, 'negative'],
    ]);
    expect(s.item_analysis[0]!.facility).toBeCloseTo(0.7, 9);
    expect(s.item_analysis[1]!.discrimination).toBeCloseTo(1 / Math.sqrt(13.6), 9);
    expect(s.item_analysis[2]!.discrimination).toBeCloseTo(-1 / Math.sqrt(6), 9);
  });

  it('an assignment with nothing submitted: zeros and nulls', async () => {
    const res = await stats(teacher, laterId);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ submissions: 0, graded: 0, mean: null, median: null, scores: [], item_analysis_unreliable: true });
  });

  it('404 for another instructor and an unknown assignment, 403 for a student, 400 without an id', async () => {
    const other = await stats(stranger, quizId);
    expect(other.statusCode).toBe(404);
    expect(other.json.message).toBe('Assignment not found');
    expect((await stats(teacher, 99_999_999)).statusCode).toBe(404);
    expect((await stats(pupil, quizId)).statusCode).toBe(403);
    const bad = await teacher.post('/grader/get-assignment-stats', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toMatch(/assignment_id is required/);
  });
});

describe('course grades and item analysis', () => {
  it('every student of the course, every published assignment an entry, rubric scores for graded work', async () => {
    const res = await teacher.get('/instructors/get-course-grades/INS9', afterPosition(lastPosition));
    expect(res.statusCode).toBe(200);
    const records = res.json as StudentGradeRecord[];
    expect(records.map((r) => r.name)).toEqual(['Dan Ho', 'Ann Lee', 'Eve Ma', 'Ben Ng', 'Gus Oh', 'Cat Wu', 'Fay Yu']);
    const ann = records.find((r) => r.student_id === ids.ann)!;
    expect(ann.grades_by_assignment).toEqual({
      [quizId]: {
        submitted: true,
        graded: true,
        total_score: 6,
        total_possible: 6,
        rubrics: { Algebra: { score: 5, possible: 5 }, Geometry: { score: 3, possible: 3 }, General: { score: 1, possible: 1 } },
      },
      [laterId]: { submitted: false, graded: false, total_score: 0, total_possible: 6, rubrics: {} },
    });
    const ben = records.find((r) => r.student_id === ids.ben)!;
    expect(ben.grades_by_assignment[quizId]!.rubrics).toEqual({
      Algebra: { score: 3, possible: 5 },
      Geometry: { score: 1, possible: 3 },
      General: { score: 0, possible: 1 },
    });
    expect(records.find((r) => r.student_id === ids.fay)!.grades_by_assignment[quizId]).toEqual({
      submitted: true,
      graded: false,
      total_score: 0,
      total_possible: 6,
      rubrics: {},
    });
    expect(records.find((r) => r.student_id === ids.gus)!.grades_by_assignment[quizId]).toMatchObject({ submitted: false, graded: false });
  });

  it('item analysis of each published assignment by due date', async () => {
    const res = await teacher.get('/instructors/get-course-item-analysis/ins9', afterPosition(lastPosition));
    expect(res.statusCode).toBe(200);
    expect(res.json.map((a: { assignment_id: number; graded: number }) => [a.assignment_id, a.graded])).toEqual([
      [quizId, 5],
      [laterId, 0],
    ]);
    expect(res.json[0].questions.map((q: { flag: string | null }) => q.flag)).toEqual(['near-zero', null, 'negative']);
    expect(res.json[1].item_analysis_unreliable).toBe(true);
  });

  it("404 'Course not found' for a course not taught, 403 for a student", async () => {
    for (const path of [
      '/instructors/get-course-grades/INS9',
      '/instructors/get-course-item-analysis/INS9',
      '/instructors/get-course-grades/NOPE1',
    ]) {
      const res = await stranger.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json.message).toBe('Course not found');
      expect((await pupil.get(path)).statusCode).toBe(403);
    }
  });

  it('a changed mark shows in the stats and the course grades (the live read model)', async () => {
    const book = await teacher.post('/grader/previous-questions-and-responses', { assignment_id: quizId }, afterPosition(lastPosition));
    const dan = book.json[String(ids.dan)].questions.find((q: { question_number: number }) => q.question_number === 2);
    const res = await teacher.post('/grader/update-response', {
      response_id: dan.response_id,
      points_obtained: 3,
      feedback: 'Regraded',
      expected_version: dan.version,
    });
    expect(res.statusCode).toBe(200);
    const after = (await teacher.post('/grader/get-assignment-stats', { assignment_id: quizId }, afterPosition(res.json.position)))
      .json as AssignmentStats;
    expect(after.scores).toEqual([3, 3, 5, 5, 6]);
    expect(after.min).toEqual({ minScore: 3, minScoreStudents: ['Ben Ng', 'Cat Wu'] });
    const grades = (await teacher.get('/instructors/get-course-grades/INS9', afterPosition(res.json.position)))
      .json as StudentGradeRecord[];
    expect(grades.find((r) => r.student_id === ids.dan)!.grades_by_assignment[quizId]!.total_score).toBe(5);
    // The assignment that did not change is sent from what was kept for it, the changed one read again.
    expect(grades.find((r) => r.student_id === ids.ann)!.grades_by_assignment[laterId]).toEqual({
      submitted: false,
      graded: false,
      total_score: 0,
      total_possible: 6,
      rubrics: {},
    });
    const items = (await teacher.get('/instructors/get-course-item-analysis/INS9', afterPosition(res.json.position))).json as {
      assignment_id: number;
      questions: { question_number: number; mean_score: number | null }[];
    }[];
    const fromStats = after.item_analysis.map((q) => [q.question_number, q.mean_score]);
    expect(items[0]!.questions.map((q) => [q.question_number, q.mean_score])).toEqual(fromStats);
    lastPosition = res.json.position;
  });
});

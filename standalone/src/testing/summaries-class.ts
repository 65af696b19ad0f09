import { expect } from 'vitest';
import { changeMembership, createCourse, registerUser } from '@evergrade/command-service';
import { CSRF_COOKIE, type AssignmentSheet, type GradeSubmissionLine, type GradedLine, type StudentGrading } from '@evergrade/contracts';
import type { Standalone } from '../server';
import { afterPosition, loginAs, type TestUser } from './client';

/**
 * A class of our own for the summaries' journeys: an instructor (and one who does not teach the course), two students,
 * two assignments of one course with tagged questions (rubric categories Mechanics, Biology and the untagged General),
 * typed answers whose offline marks are known, graded through the spec's grade-submission route.
 */
export const PASSWORD = 'Evergrade#2026';
export const QUESTIONS = [
  {
    question_number: 1,
    question: 'A 2 kg trolley accelerates at 3 m/s^2. What is the resultant force on it?',
    marks_possible: 2,
    answer: '6 N',
    grading_instructions: 'Full marks need the unit.',
    tags: ['Mechanics - forces'],
  },
  {
    question_number: 2,
    question: 'Name the process by which green plants make their food using sunlight.',
    marks_possible: 1,
    answer: 'Photosynthesis',
    grading_instructions: '',
    tags: ['Biology - plants'],
  },
  {
    question_number: 3,
    question: 'Explain why the Moon shows phases.',
    marks_possible: 2,
    answer: 'The Moon reflects sunlight; as it orbits the Earth we see different portions of its sunlit half.',
    grading_instructions: '',
    tags: [],
  },
];
export const ANSWERS = {
  full: [
    'F = ma = 2 x 3 = 6 N',
    'Photosynthesis',
    'The Moon reflects sunlight and as it orbits the Earth we see different portions of its sunlit half.',
  ],
  good: ['6 N', 'Photosynthesis', 'The Moon reflects sunlight and orbits the Earth.'],
  weak: ['6', 'respiration', 'The Moon reflects sunlight and orbits the Earth.'],
};

export type SummaryClass = {
  ids: { t1: number; asha: number; ben: number; courseId: number };
  code: string;
  teacher: TestUser;
  stranger: TestUser;
  asha: TestUser;
  earlier: number;
  main: number;
  /** Submits typed answers and grades them; the grade lines and the position of the last one. */
  submitAndGrade(student: 'asha' | 'ben', assignmentId: number, answers: string[]): Promise<{ lines: GradedLine[]; position: string }>;
  /** The instructor's view of a student's graded questions. */
  questionsOf(student: 'asha' | 'ben', assignmentId: number, position?: string | null): Promise<StudentGrading['questions']>;
};

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

export async function setUpSummaryClass(server: Standalone, code: string): Promise<SummaryClass> {
  const system = { tenant: 'demo', actorRole: 'system' as const };
  const now = new Date();
  const user = (email: string, role: 'instructor' | 'student', firstName: string, lastName: string) =>
    registerUser(server.store, system, { email, role, password: PASSWORD, firstName, lastName }, now);
  const lc = code.toLowerCase();
  const ids = {
    t1: await user(`t1.${lc}@demo.school`, 'instructor', 'Marie', 'Curie'),
    asha: await user(`asha.${lc}@demo.school`, 'student', 'Asha', 'Rao'),
    ben: await user(`ben.${lc}@demo.school`, 'student', 'Ben', 'Okafor'),
    courseId: 0,
  };
  await user(`stranger.${lc}@demo.school`, 'instructor', 'Carl', 'Sagan');
  ({ courseId: ids.courseId } = await createCourse(
    server.store,
    system,
    { courseCode: code, courseName: 'Science', courseClass: '9', subject: 'Science', instructorIds: [ids.t1] },
    now,
  ));
  for (const s of [ids.asha, ids.ben]) await changeMembership(server.store, system, 'EnrollStudent', ids.courseId, s, now);
  const teacher = await loginAs(server.app, 'instructor', `t1.${lc}@demo.school`, PASSWORD);
  const stranger = await loginAs(server.app, 'instructor', `stranger.${lc}@demo.school`, PASSWORD);
  const students = {
    asha: await loginAs(server.app, 'student', `asha.${lc}@demo.school`, PASSWORD),
    ben: await loginAs(server.app, 'student', `ben.${lc}@demo.school`, PASSWORD),
  };
  const add = async (title: string, dueInDays: number) => {
    const res = await teacher.post('/grader/add-assignment', {
      title,
      description: '',
      due_date: inDays(dueInDays),
      course: code,
      creation_method: 'scratch',
      student_submissions_allowed: true,
      questions: QUESTIONS,
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    last = res.json.position as string;
    return res.json.assignment_id as number;
  };
  let last = '';
  const earlier = await add('Forces Warm up', 1);
  const main = await add('Forces and Light', 2);
  // The read models have caught up with the seed and the set-up (on a busy machine that may take seconds).
  await server.runner.reached(last);

  const headers = {
    'content-type': 'application/json',
    'x-csrf-token': teacher.cookies[CSRF_COOKIE]!,
    cookie: Object.entries(teacher.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  };
  async function submitAndGrade(student: 'asha' | 'ben', assignmentId: number, answers: string[]) {
    const sheet = (await teacher.post('/grader/get-assignment-questions', { assignment_id: assignmentId })).json as AssignmentSheet;
    const responses = Object.fromEntries(sheet.questions.map((q) => [q.question_id, answers[q.question_number - 1]!]));
    const submitted = await students[student].post('/students/submit-assignment', { assignment_id: assignmentId, responses });
    expect(submitted.statusCode).toBe(200);
    // Graded once the submission reached the grading side's read models (the route reads them).
    await teacher.post('/grader/previous-questions-and-responses', { assignment_id: assignmentId }, afterPosition(submitted.json.position));
    const res = await fetch(`${server.url}/grader/grade-submission`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ assignment_id: assignmentId, student_id: ids[student] }),
    });
    const lines = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as GradeSubmissionLine);
    const last = lines.at(-1) as { status: string; position: string };
    expect(last.status).toBe('complete');
    return { lines: lines.slice(0, -1) as GradedLine[], position: last.position };
  }
  async function questionsOf(student: 'asha' | 'ben', assignmentId: number, position: string | null = null) {
    const book = (await teacher.post('/grader/previous-questions-and-responses', { assignment_id: assignmentId }, afterPosition(position)))
      .json as Record<string, StudentGrading>;
    return book[String(ids[student])]!.questions;
  }
  return { ids, code, teacher, stranger, asha: students.asha, earlier, main, submitAndGrade, questionsOf };
}

/** Polls `read` until `done` holds (the writer works in the background), failing after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(v).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

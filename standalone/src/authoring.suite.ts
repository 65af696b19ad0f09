import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '@evergrade/command-service';
import type { AddAssignmentBody, AssignmentSheet, InstructorAssignment, StudentAssignments } from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/** Authoring through the spec's API: add, list, rename, edit, resolve, delete; and what students see of it. */
let server: Standalone;
let teacher: TestUser;
let student: TestUser;
let stranger: TestUser;

const tomorrowEnd = () => {
  const d = new Date(Date.now() + 24 * 3600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999)).toISOString();
};
const body = (over: Partial<AddAssignmentBody> = {}): AddAssignmentBody => ({
  title: 'Quadratic Roots Quiz',
  description: 'Roots and factors',
  due_date: tomorrowEnd(),
  email: 'teacher@demo.school',
  expressMode: false,
  course: 'MATH10',
  creation_method: 'scratch',
  student_submissions_allowed: true,
  ai_config: null,
  time_limit: null,
  questions: [
    {
      question_number: 1,
      question: 'Solve $x^2 - 5x + 6 = 0$',
      marks_possible: 2,
      answer: 'x = 2 or x = 3',
      grading_instructions: 'One mark per root',
      tags: ['Problem Solving - Accuracy'],
    },
    {
      question_number: 2,
      question: 'Factorise $x^2 - 9$',
      marks_possible: 1.5,
      answer: '(x - 3)(x + 3)',
      grading_instructions: '',
      tags: [],
    },
  ],
  ...over,
});

export function authoringSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
    student = await loginAs(server.app, 'student', 'student@demo.school');
    await registerUser(
      server.store,
      { tenant: 'demo', actorRole: 'system' },
      {
        email: 'other.teacher@demo.school',
        role: 'instructor',
        password: 'Evergrade#2026',
        firstName: 'Alan',
        lastName: 'Turing',
        title: 'Sir',
      },
      new Date(),
    );
    stranger = await loginAs(server.app, 'instructor', 'other.teacher@demo.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (u: TestUser, position: string | null) =>
    (await u.post('/grader/previous-assignments', {}, afterPosition(position))).json as InstructorAssignment[];
  const sheet = async (id: number, position: string | null) =>
    (await teacher.post('/grader/get-assignment-questions', { assignment_id: id }, afterPosition(position))).json as AssignmentSheet;
  const studentList = async (position: string | null) =>
    (await student.get('/students/get-assignments', afterPosition(position))).json as StudentAssignments;

  describe('creating an assignment', () => {
    let id: number;
    let position: string | null;

    it("adds it with its questions, and it appears in the instructor's list", async () => {
      const res = await teacher.post('/grader/add-assignment', body({ time_limit: 1800 }));
      expect(res.statusCode).toBe(200);
      id = res.json.assignment_id;
      position = res.json.position;
      const row = (await list(teacher, position)).find((a) => a.assignment_id === id);
      expect(row).toMatchObject({
        title: 'Quadratic Roots Quiz',
        course: 'Mathematics',
        course_code: 'MATH10',
        submissions: 0,
        average: null,
        question_count: 2,
        marks_total: 3.5,
        time_limit: 1800,
        student_submissions_allowed: true,
        creation_method: 'scratch',
      });
    });

    it('gives the question sheet with answers, grading instructions and tags', async () => {
      const s = await sheet(id, position);
      expect(s).toMatchObject({ title: 'Quadratic Roots Quiz', course_code: 'MATH10', time_limit: 1800, description: 'Roots and factors' });
      expect(s.questions.map((q) => [q.question_number, q.marks_possible, q.answer, q.flagged_for_review])).toEqual([
        [1, 2, 'x = 2 or x = 3', ''],
        [2, 1.5, '(x - 3)(x + 3)', ''],
      ]);
      expect(s.questions[0]!.tags).toEqual(['Problem Solving - Accuracy']);
    });

    it("shows it in the enrolled student's list with its marks and time limit", async () => {
      const mine = (await studentList(position))[String(id)];
      expect(mine).toMatchObject({
        title: 'Quadratic Roots Quiz',
        marks_total: 3.5,
        time_limit: 1800,
        timed: true,
        question_count: 2,
        status: 'Incomplete',
      });
    });

    it('renames it (same rules as creation), for the instructor and the student', async () => {
      expect((await teacher.post('/grader/rename-assignment', { assignment_id: id, new_title: '9 lives' })).json.message).toBe(
        'new_title: Assignment title must start with an alphabet',
      );
      const res = await teacher.post('/grader/rename-assignment', { assignment_id: id, new_title: 'Roots & Factors' });
      expect(res.statusCode).toBe(200);
      position = res.json.position;
      expect((await list(teacher, position)).find((a) => a.assignment_id === id)?.title).toBe('Roots & Factors');
      expect((await studentList(position))[String(id)]?.title).toBe('Roots & Factors');
    });

    it("edits a question with the spec's payload (question_id only) and the totals follow", async () => {
      const q = (await sheet(id, position)).questions[1]!;
      const res = await teacher.post('/grader/update-question', {
        question_id: q.question_id,
        question: 'Factorise $x^2 - 16$',
        answer: '(x - 4)(x + 4)',
        grading_instructions: 'Both factors',
        marks_possible: 2.5,
      });
      expect(res.statusCode).toBe(200);
      position = res.json.position;
      const after = (await sheet(id, position)).questions[1]!;
      expect(after).toMatchObject({
        question: 'Factorise $x^2 - 16$',
        answer: '(x - 4)(x + 4)',
        grading_instructions: 'Both factors',
        marks_possible: 2.5,
      });
      expect((await list(teacher, position)).find((a) => a.assignment_id === id)?.marks_total).toBe(4.5);
      expect((await studentList(position))[String(id)]?.marks_total).toBe(4.5);
      // A timed assignment's questions are the student's once the session is started.
      const started = await student.post(`/sessions/start/${id}`, {});
      expect(started.statusCode).toBe(200);
      const qs = await student.post('/students/get-assignment-questions', { assignment_id: id }, afterPosition(started.json.position));
      expect(qs.json.questions[1]).toMatchObject({ question_content: 'Factorise $x^2 - 16$', marks_possible: 2.5 });
    });

    it('refuses bad edits with clear messages', async () => {
      const q = (await sheet(id, position)).questions[0]!;
      const base = { question_id: q.question_id, question: q.question, answer: q.answer, grading_instructions: '', marks_possible: 2 };
      expect((await teacher.post('/grader/update-question', { ...base, marks_possible: 1.3 })).json.message).toBe(
        'marks_possible: Marks go in steps of 0.25',
      );
      expect((await teacher.post('/grader/update-question', { ...base, marks_possible: -1 })).statusCode).toBe(400);
      expect((await teacher.post('/grader/update-question', { ...base, question: '   ' })).statusCode).toBe(400);
      expect((await teacher.post('/grader/update-question', { ...base, question_id: 999999 })).statusCode).toBe(404);
    });

    it('keeps it away from an instructor who does not teach the course', async () => {
      expect(await list(stranger, position)).toEqual([]);
      expect((await stranger.post('/grader/get-assignment-questions', { assignment_id: id })).statusCode).toBe(404);
      expect((await stranger.post('/grader/rename-assignment', { assignment_id: id, new_title: 'Mine' })).statusCode).toBe(404);
      expect((await stranger.post('/grader/delete-assignment', { assignment_id: id })).statusCode).toBe(404);
      expect((await stranger.post('/grader/previous-assignments', { email: 'teacher@demo.school' })).statusCode).toBe(403);
      expect((await stranger.post('/grader/add-assignment', body())).json).toMatchObject({ message: 'Please select a course' });
    });

    it('deletes it: gone for the instructor and the student, history kept in the log', async () => {
      const res = await teacher.post('/grader/delete-assignment', { assignment_id: id, email: 'teacher@demo.school' });
      expect(res.statusCode).toBe(200);
      position = res.json.position;
      expect((await list(teacher, position)).some((a) => a.assignment_id === id)).toBe(false);
      expect((await studentList(position))[String(id)]).toBeUndefined();
      expect((await teacher.post('/grader/get-assignment-questions', { assignment_id: id }, afterPosition(position))).statusCode).toBe(404);
      expect((await teacher.post('/grader/delete-assignment', { assignment_id: id })).statusCode).toBe(404);
      const saved = await student.post('/students/set-assignment-response', { assignment_id: id, question_id: 1, response_content: 'x' });
      expect(saved.statusCode).toBe(404);
      const history = (await server.store.readStream(`assignment:demo:${id}`)).map((e) => e.type);
      expect(history).toEqual([
        'AssignmentCreated',
        'QuestionAdded',
        'QuestionAdded',
        'AssignmentPublished',
        'AssignmentRenamed',
        'QuestionUpdated',
        'AssignmentDeleted',
      ]);
    });
  });

  describe('flags on questions', () => {
    it("shows a seeded flag and resolves it with flagged_for_review ''", async () => {
      const newton = (await list(teacher, null)).find((a) => a.title === "Newton's Laws")!;
      const before = await sheet(newton.assignment_id, null);
      const flagged = before.questions.find((q) => q.flagged_for_review !== '')!;
      expect(flagged.question_number).toBe(2);
      const res = await teacher.post('/grader/update-question', {
        question_id: flagged.question_id,
        question: flagged.question,
        answer: flagged.answer,
        grading_instructions: flagged.grading_instructions,
        marks_possible: flagged.marks_possible,
        flagged_for_review: '',
      });
      expect(res.statusCode).toBe(200);
      const after = await sheet(newton.assignment_id, res.json.position);
      expect(after.questions.find((q) => q.question_id === flagged.question_id)?.flagged_for_review).toBe('');
      const types = (await server.store.readStream(`assignment:demo:${newton.assignment_id}`)).map((e) => e.type);
      expect(types.slice(-2)).toEqual(['QuestionFlagged', 'QuestionFlagResolved']);
    });
  });

  describe('add-assignment rules', () => {
    it('refuses titles, courses, dates and questions the spec rules out', async () => {
      const message = async (over: Partial<AddAssignmentBody>) => (await teacher.post('/grader/add-assignment', body(over))).json.message;
      expect(await message({ title: '' })).toBe('title: Please enter an assignment title');
      expect(await message({ title: 'Quiz!' })).toBe('title: Assignment title can only contain letters, numbers, and #$@&()_ characters');
      expect(await message({ course: 'General' })).toBe('Please select a course');
      expect(await message({ questions: [] })).toBe('questions: Please add at least one question before previewing.');
      expect(await message({ due_date: new Date(Date.now() - 3600_000).toISOString() })).toBe('The due date must be in the future');
      expect(await message({ time_limit: 0 })).toBe('time_limit: Please set a time limit greater than 0');
      expect(await message({ make_live: 'scheduled', live_date: null })).toBe('Please select both date and time for scheduled release');
      const flagged = body().questions.map((q, i) => (i === 0 ? { ...q, flagged_for_review: 'Answer missing from the key' } : q));
      expect(await message({ questions: flagged })).toBe('Question 1 is flagged for review: resolve it before creating');
    });

    it('schedules the release: students see it only from the go-live instant', async () => {
      const live = new Date(Date.now() + 3600_000).toISOString();
      const res = await teacher.post('/grader/add-assignment', body({ title: 'Scheduled Quiz', make_live: 'scheduled', live_date: live }));
      expect(res.statusCode).toBe(200);
      const id = res.json.assignment_id as number;
      expect((await studentList(res.json.position))[String(id)]).toBeUndefined();
      expect((await student.post('/students/get-assignment-questions', { assignment_id: id })).statusCode).toBe(404);
      expect((await list(teacher, res.json.position)).find((a) => a.assignment_id === id)?.live_at).toBe(live);
    });

    it('keeps students from answering online when submissions are not allowed', async () => {
      const res = await teacher.post('/grader/add-assignment', body({ title: 'Paper Test', student_submissions_allowed: false }));
      const id = res.json.assignment_id as number;
      const qs = await student.post('/students/get-assignment-questions', { assignment_id: id }, afterPosition(res.json.position));
      const saved = await student.post('/students/set-assignment-response', {
        assignment_id: id,
        question_id: qs.json.questions[0].question_id,
        response_content: 'x = 2',
      });
      expect(saved.statusCode).toBe(409);
    });
  });
}

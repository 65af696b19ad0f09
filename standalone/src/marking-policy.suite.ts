import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCourse, registerTenant, registerUser, changeMembership } from '@evergrade/command-service';
import type { MarkingPolicyReply, RegradeQuestionReplySchema } from '@evergrade/contracts';
import type { z } from 'zod';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';
import { untilFinished } from './regrade.suite';

/**
 * An assignment's marking policy (issue 14) through the standalone server: an instructor who teaches the assignment
 * reads and sets it; a regrade follows it (a formula in the wrong case: flagged with every switch unset, 0 when case
 * matters, full marks when lower case is accepted); students, other instructors and other schools are refused; an
 * unknown switch or value is a 400 that names it.
 */
let server: Standalone;
let teacher: TestUser;
let stranger: TestUser;
let outsider: TestUser;
let ann: TestUser;
let assignmentId: number;
let position: string | null = null;
const PASSWORD = 'Evergrade#2026';

const getPolicy = (u: TestUser) => u.post('/grader/get-marking-policy', { assignment_id: assignmentId }, afterPosition(position));
const setPolicy = (u: TestUser, policy: unknown) => u.post('/grader/set-marking-policy', { assignment_id: assignmentId, policy });
const regrade = async () => {
  const res = await teacher.post('/grader/regrade-question', {
    filename: 'ignored',
    student_id: annId,
    assignment_id: assignmentId,
    question_number: 1,
  });
  expect(res.statusCode).toBe(200);
  position = (res.json.position as string | null) ?? position;
  return res.json as z.infer<typeof RegradeQuestionReplySchema>;
};
let annId: number;
let lenientAt: string | null = null;

export function markingPolicySuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    const system = { tenant: 'demo', actorRole: 'system' as const };
    const now = new Date();
    const user = (email: string, role: 'instructor' | 'student', first: string) =>
      registerUser(server.store, system, { email, role, password: PASSWORD, firstName: first, lastName: 'Policy' }, now);
    const teacherId = await user('mp.teacher@demo.school', 'instructor', 'Mona');
    await user('mp.stranger@demo.school', 'instructor', 'Stan');
    annId = await user('ann.mp@demo.school', 'student', 'Ann');
    const { courseId } = await createCourse(
      server.store,
      system,
      { courseCode: 'MPC9', courseName: 'Policy Chemistry', courseClass: '9', subject: 'Chemistry', instructorIds: [teacherId] },
      now,
    );
    await changeMembership(server.store, system, 'EnrollStudent', courseId, annId, now);
    const other = { tenant: 'elsewhere', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Elsewhere School', now);
    await registerUser(
      server.store,
      other,
      { email: 'mp.teacher@elsewhere.school', role: 'instructor', password: PASSWORD, firstName: 'Olga', lastName: 'Else' },
      now,
    );
    teacher = await loginAs(server.app, 'instructor', 'mp.teacher@demo.school', PASSWORD);
    stranger = await loginAs(server.app, 'instructor', 'mp.stranger@demo.school', PASSWORD);
    outsider = await loginAs(server.app, 'instructor', 'mp.teacher@elsewhere.school', PASSWORD);
    ann = await loginAs(server.app, 'student', 'ann.mp@demo.school', PASSWORD);
    const added = await teacher.post('/grader/add-assignment', {
      title: 'Formulas',
      description: '',
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
      course: 'MPC9',
      creation_method: 'scratch',
      student_submissions_allowed: true,
      questions: [
        {
          question_number: 1,
          question: 'Write the chemical formula of carbon dioxide.',
          marks_possible: 1,
          answer: 'CO2',
          grading_instructions: '',
          tags: [],
        },
      ],
    });
    expect(added.statusCode).toBe(200);
    assignmentId = added.json.assignment_id;
    const sheet = await teacher.post(
      '/grader/get-assignment-questions',
      { assignment_id: assignmentId },
      afterPosition(added.json.position),
    );
    const questionId = (sheet.json.questions as { question_id: number }[])[0]!.question_id;
    const submitted = await ann.post('/students/submit-assignment', { assignment_id: assignmentId, responses: { [questionId]: 'co2' } });
    expect(submitted.statusCode).toBe(200);
    position = submitted.json.position;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts with every switch unset, and a formula in lower case is given its mark but flagged', async () => {
    const res = await getPolicy(teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json as MarkingPolicyReply).toEqual({ policy: {}, set_at: null });
    const graded = await regrade();
    expect(graded.points_obtained).toBe(1);
    expect(graded.flagged_for_review).not.toBe('');
  });

  it("follows the instructor's policy: case matters, then lower case accepted, each without a flag", async () => {
    const exact = await setPolicy(teacher, { formulaCase: 'exact', unitMarkStandsAlone: true });
    expect(exact.statusCode).toBe(200);
    position = exact.json.position;
    const read = await getPolicy(teacher);
    expect(read.json.policy).toEqual({ formulaCase: 'exact', unitMarkStandsAlone: true });
    expect(Date.parse(read.json.set_at)).not.toBeNaN();
    const strict = await regrade();
    expect(strict.points_obtained).toBe(0);
    expect(strict.flagged_for_review).toBe('');

    const lenient = await setPolicy(teacher, { formulaCase: 'lower-case-accepted' });
    expect(lenient.statusCode).toBe(200);
    position = lenient.json.position;
    lenientAt = lenient.json.position;
    expect((await getPolicy(teacher)).json.policy).toEqual({ formulaCase: 'lower-case-accepted' });
    const accepted = await regrade();
    expect(accepted.points_obtained).toBe(1);
    expect(accepted.flagged_for_review).toBe('');
  });

  it('setting the same policy again records nothing', async () => {
    const again = await setPolicy(teacher, { formulaCase: 'lower-case-accepted' });
    expect(again.statusCode).toBe(200);
    // The position of the policy it already had: nothing was appended.
    expect(again.json.position).toBe(lenientAt);
  });

  it('refuses an unknown switch or value with a 400 that names it, and keeps the policy', async () => {
    const unknown = await setPolicy(teacher, { formulaCase: 'exact', spellingStrictness: 'high' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.message).toMatch(/spellingStrictness/);
    const badValue = await setPolicy(teacher, { formulaCase: 'sometimes' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json.message).toMatch(/formulaCase must be exact or lower-case-accepted/);
    const missing = await teacher.post('/grader/set-marking-policy', { assignment_id: assignmentId });
    expect(missing.statusCode).toBe(400);
    expect((await getPolicy(teacher)).json.policy).toEqual({ formulaCase: 'lower-case-accepted' });
  });

  it('is read and set only by an instructor who teaches the assignment', async () => {
    for (const u of [stranger, outsider]) {
      expect((await getPolicy(u)).statusCode).toBe(404);
      expect((await setPolicy(u, { formulaCase: 'exact' })).statusCode).toBe(404);
    }
    expect((await getPolicy(ann)).statusCode).toBe(403);
    expect((await setPolicy(ann, { formulaCase: 'exact' })).statusCode).toBe(403);
    expect((await getPolicy(teacher)).json.policy).toEqual({ formulaCase: 'lower-case-accepted' });
  });
  it('applies a policy changed after the marks were given to all of them: regrade-all with no instructions', async () => {
    // Ann's lower-case formula has its mark while lower case is accepted; then the instructor makes case matter.
    const strict = await setPolicy(teacher, { formulaCase: 'exact' });
    expect(strict.statusCode).toBe(200);
    const start = await teacher.post('/grader/regrade-all', { assignment_id: assignmentId, question_number: 1 });
    expect(start.statusCode).toBe(200);
    expect(start.json.total).toBe(1);
    const job = await untilFinished(teacher, start.json.job_id);
    expect(job.students).toHaveLength(1);
    expect(job.students[0]).toMatchObject({ student_id: annId, outcome: 'regraded', previous_points: 1, points_obtained: 0 });
  });
}

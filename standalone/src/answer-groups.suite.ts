import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeMembership, createCourse, registerUser } from '@evergrade/command-service';
import {
  ANSWER_GROUP_MESSAGES,
  ANSWER_GROUPS_PROJECTION,
  OPERATOR_KEY_HEADER,
  type AnswerGroup,
  type AnswerGroupsReply,
  type ProjectionsReply,
  type ResponseHistoryEntry,
} from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Answer groups (issue 14 item 6) through the standalone server: six students answer online, the instructor reads
 * question 1's groups, grades a group once (every member's mark and history show it), splits a group and grades the
 * part split off; only the instructor who teaches the assignment may do any of it.
 */
let server: Standalone;
let teacher: TestUser;
let stranger: TestUser;
let pupil: TestUser;
const ids: Record<string, number> = {};
let assignmentId: number;
let q1: number;
let q2: number;
let position: string | null = null;

const PASSWORD = 'Evergrade#2026';
const QUESTIONS = [
  {
    question_number: 1,
    question: 'A car covers 120 km in 2 hours. What is its average speed?',
    marks_possible: 2,
    answer: '60 km/h',
    grading_instructions: '',
    tags: [],
  },
  {
    question_number: 2,
    question: 'Name the gas plants take in.',
    marks_possible: 1,
    answer: 'Carbon dioxide',
    grading_instructions: '',
    tags: [],
  },
];
/** Each student's answers to questions 1 and 2. */
const ANSWERS: Record<string, [string, string]> = {
  ann: ['60 km/h', 'Carbon dioxide'],
  ben: ['60 kmph', 'carbon dioxide.'],
  cat: ['60 km/h.', 'The carbon dioxide'],
  dan: ['60', 'oxygen'],
  eve: ['', 'carbon monoxide'],
  fay: ['75 km/h', ''],
};

const groupsOf = async (questionId: number, u: TestUser = teacher) => {
  const res = await u.post('/grader/get-answer-groups', { assignment_id: assignmentId, question_id: questionId }, afterPosition(position));
  expect(res.statusCode).toBe(200);
  return res.json as AnswerGroupsReply;
};
const studentsOf = (g: AnswerGroup) => g.members.map((m) => m.student_id).sort((a, b) => a - b);
const idsOf = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);
const groupWith = (r: AnswerGroupsReply, name: string) => r.groups.find((g) => g.members.some((m) => m.student_id === ids[name]))!;

export function answerGroupsSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    const system = { tenant: 'demo', actorRole: 'system' as const };
    const now = new Date();
    const user = (email: string, role: 'instructor' | 'student', first: string) =>
      registerUser(server.store, system, { email, role, password: PASSWORD, firstName: first, lastName: 'Groups' }, now);
    ids.teacher = await user('groups.teacher@demo.school', 'instructor', 'Ada');
    await user('groups.stranger@demo.school', 'instructor', 'Carl');
    for (const name of Object.keys(ANSWERS)) ids[name] = await user(`${name}.groups@demo.school`, 'student', name);
    const { courseId } = await createCourse(
      server.store,
      system,
      { courseCode: 'GRP9', courseName: 'Groups', courseClass: '9', subject: 'Science', instructorIds: [ids.teacher!] },
      now,
    );
    for (const name of Object.keys(ANSWERS)) await changeMembership(server.store, system, 'EnrollStudent', courseId, ids[name]!, now);
    teacher = await loginAs(server.app, 'instructor', 'groups.teacher@demo.school', PASSWORD);
    stranger = await loginAs(server.app, 'instructor', 'groups.stranger@demo.school', PASSWORD);
    pupil = await loginAs(server.app, 'student', 'ann.groups@demo.school', PASSWORD);
    const added = await teacher.post('/grader/add-assignment', {
      title: 'Speed and plants',
      description: '',
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
      course: 'GRP9',
      creation_method: 'scratch',
      student_submissions_allowed: true,
      questions: QUESTIONS,
    });
    expect(added.statusCode).toBe(200);
    assignmentId = added.json.assignment_id;
    const sheet = await teacher.post(
      '/grader/get-assignment-questions',
      { assignment_id: assignmentId },
      afterPosition(added.json.position),
    );
    [q1, q2] = (sheet.json.questions as { question_id: number }[]).map((q) => q.question_id) as [number, number];
    for (const [name, [a1, a2]] of Object.entries(ANSWERS)) {
      const student = await loginAs(server.app, 'student', `${name}.groups@demo.school`, PASSWORD);
      const submitted = await student.post('/students/submit-assignment', {
        assignment_id: assignmentId,
        responses: { [q1]: a1, [q2]: a2 },
      });
      expect(submitted.statusCode).toBe(200);
      position = submitted.json.position;
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('groups equivalent answers: one value and unit, the same words; empty answers apart; unsure ones alone', async () => {
    const r = await groupsOf(q1);
    expect(r.question_id).toBe(q1);
    expect(r.questions.map((q) => q.question_number)).toEqual([1, 2]);
    expect(r.groups.map(studentsOf)).toEqual([idsOf('ann', 'ben', 'cat'), idsOf('dan'), idsOf('eve'), idsOf('fay')]);
    expect(r.groups[0]).toMatchObject({ kind: 'number', size: 3, representative: '60 km/h', graded_count: 0, split: false });
    expect(groupWith(r, 'eve')).toMatchObject({ kind: 'empty', key: 'empty' });
    const words = await groupsOf(q2);
    expect(
      groupWith(words, 'ann')
        .members.map((m) => m.student_id)
        .sort((a, b) => a - b),
    ).toEqual(idsOf('ann', 'ben', 'cat'));
    expect(groupWith(words, 'eve').size).toBe(1);
  });

  it('grades a group once: every member gets the mark and feedback, each in its own history', async () => {
    const group = (await groupsOf(q1)).groups[0]!;
    const res = await teacher.post('/grader/grade-answer-group', {
      assignment_id: assignmentId,
      question_id: q1,
      group_key: group.key,
      points_obtained: 2,
      feedback: 'Right value and unit.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, members: 3, changed: 3 });
    position = res.json.position;
    const after = (await groupsOf(q1)).groups[0]!;
    expect(after).toMatchObject({ key: group.key, graded_count: 3, marks: [2] });
    for (const m of after.members) {
      expect(m).toMatchObject({ points_obtained: 2, feedback: 'Right value and unit.', graded: true, graded_by: 'instructor' });
      expect(m.response_id).toBeGreaterThan(0);
      const history = (await teacher.post('/grader/response-history', { response_id: m.response_id }, afterPosition(position)))
        .json as ResponseHistoryEntry[];
      expect(history.at(-1)).toMatchObject({
        kind: 'ResponseMarkEdited',
        points: 2,
        feedback: 'Right value and unit.',
        actor_id: ids.teacher,
        reason: 'Graded as an answer group of 3',
      });
    }
    // The others are untouched.
    const book = (await teacher.post('/grader/previous-questions-and-responses', { assignment_id: assignmentId }, afterPosition(position)))
      .json;
    expect(book[String(ids.dan)].questions[0]).toMatchObject({ graded: false, points_obtained: 0 });
    expect(book[String(ids.ann)].questions[0]).toMatchObject({ graded: true, points_obtained: 2 });
  });

  it('grading the same group again with the same mark changes nothing', async () => {
    const group = (await groupsOf(q1)).groups[0]!;
    const res = await teacher.post('/grader/grade-answer-group', {
      assignment_id: assignmentId,
      question_id: q1,
      group_key: group.key,
      points_obtained: 2,
      feedback: 'Right value and unit.',
    });
    expect(res.json).toMatchObject({ members: 3, changed: 0 });
  });

  it('splits a group: the members moved form their own group, graded on their own, and stay apart', async () => {
    const group = (await groupsOf(q1)).groups[0]!;
    const ben = group.members.find((m) => m.student_id === ids.ben)!;
    const res = await teacher.post('/grader/split-answer-group', {
      assignment_id: assignmentId,
      question_id: q1,
      group_key: group.key,
      response_ids: [ben.response_id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.group_key).toBe(`${group.key}.1`);
    position = res.json.position;
    const r = await groupsOf(q1);
    expect(studentsOf(groupWith(r, 'ann'))).toEqual(idsOf('ann', 'cat'));
    expect(groupWith(r, 'ben')).toMatchObject({ key: `${group.key}.1`, split: true, size: 1 });
    const graded = await teacher.post('/grader/grade-answer-group', {
      assignment_id: assignmentId,
      question_id: q1,
      group_key: `${group.key}.1`,
      points_obtained: 1.5,
      feedback: 'Write the unit as km/h.',
    });
    expect(graded.json).toMatchObject({ members: 1, changed: 1 });
    position = graded.json.position;
    const again = await groupsOf(q1);
    expect(groupWith(again, 'ben').members[0]).toMatchObject({ points_obtained: 1.5, feedback: 'Write the unit as km/h.' });
    expect(groupWith(again, 'ann').members.every((m) => m.points_obtained === 2)).toBe(true);
  });

  it('splits by student too (a typed answer not yet recorded has no response id)', async () => {
    const words = groupWith(await groupsOf(q2), 'ann');
    const res = await teacher.post('/grader/split-answer-group', {
      assignment_id: assignmentId,
      question_id: q2,
      group_key: words.key,
      student_ids: [ids.cat],
    });
    expect(res.statusCode).toBe(200);
    position = res.json.position;
    const r = await groupsOf(q2);
    expect(studentsOf(groupWith(r, 'ann'))).toEqual(idsOf('ann', 'ben'));
    expect(groupWith(r, 'cat')).toMatchObject({ key: res.json.group_key, split: true, size: 1 });
    const stranger = await teacher.post('/grader/split-answer-group', {
      assignment_id: assignmentId,
      question_id: q2,
      group_key: words.key,
      student_ids: [ids.teacher],
    });
    expect(stranger.statusCode).toBe(409);
  });

  it('the groups rebuild from the log: the answer-groups read model rebuilt gives the same groups', async () => {
    const before = await groupsOf(q1);
    const operator = (method: 'GET' | 'POST', body?: unknown) =>
      server.app.inject({
        method,
        url: method === 'POST' ? '/admin/rebuild-projection' : '/admin/projections',
        headers: { [OPERATOR_KEY_HEADER]: server.operatorKey },
        ...(body ? { payload: body as object } : {}),
      });
    expect((await operator('POST', { projection: ANSWER_GROUPS_PROJECTION })).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          ((await operator('GET')).json() as ProjectionsReply).projections.find((p) => p.name === ANSWER_GROUPS_PROJECTION)?.rebuild
            ?.status,
        { timeout: 60_000, interval: 200 },
      )
      .toBe('swapped');
    expect(await groupsOf(q1)).toEqual(before);
  });

  it('refuses a split of the whole group, of answers not in it, and of a group that does not exist', async () => {
    const r = await groupsOf(q1);
    const ann = groupWith(r, 'ann');
    const split = (group_key: string, response_ids: number[]) =>
      teacher.post('/grader/split-answer-group', { assignment_id: assignmentId, question_id: q1, group_key, response_ids });
    const whole = await split(
      ann.key,
      ann.members.map((m) => m.response_id),
    );
    expect(whole.statusCode).toBe(400);
    expect(whole.json.message).toBe(ANSWER_GROUP_MESSAGES.wholeGroup);
    const dan = groupWith(r, 'dan').members[0]!;
    // Dan's typed answer is on his grading stream once a group grade or split read the question.
    const notMember = await split(ann.key, [dan.response_id > 0 ? dan.response_id : 999_999]);
    expect(notMember.statusCode).toBe(409);
    const missing = await split('t-00000000000000000000', [1]);
    expect(missing.statusCode).toBe(404);
    const gradeMissing = await teacher.post('/grader/grade-answer-group', {
      assignment_id: assignmentId,
      question_id: q1,
      group_key: 't-00000000000000000000',
      points_obtained: 1,
      feedback: '',
    });
    expect(gradeMissing.statusCode).toBe(404);
    expect(gradeMissing.json.message).toBe(ANSWER_GROUP_MESSAGES.groupNotFound);
  });

  it('refuses marks above the question’s, bad keys and bad bodies with a clear 400', async () => {
    const key = (await groupsOf(q1)).groups[0]!.key;
    const body = { assignment_id: assignmentId, question_id: q1, group_key: key, points_obtained: 3, feedback: '' };
    expect((await teacher.post('/grader/grade-answer-group', body)).statusCode).toBe(400);
    expect((await teacher.post('/grader/grade-answer-group', { ...body, points_obtained: 0.3 })).statusCode).toBe(400);
    expect((await teacher.post('/grader/grade-answer-group', { ...body, group_key: 'DROP TABLE' })).statusCode).toBe(400);
    expect((await teacher.post('/grader/split-answer-group', { ...body, response_ids: [] })).statusCode).toBe(400);
    expect((await teacher.post('/grader/get-answer-groups', { assignment_id: assignmentId, question_id: 999_999 })).statusCode).toBe(404);
  });

  it('only the instructor who teaches the assignment: another instructor 404, a student 403, no session 401', async () => {
    const key = (await groupsOf(q1)).groups[0]!.key;
    const grade = { assignment_id: assignmentId, question_id: q1, group_key: key, points_obtained: 0, feedback: 'no' };
    const split = { assignment_id: assignmentId, question_id: q1, group_key: key, response_ids: [1] };
    const read = { assignment_id: assignmentId, question_id: q1 };
    expect((await stranger.post('/grader/get-answer-groups', read)).statusCode).toBe(404);
    expect((await stranger.post('/grader/grade-answer-group', grade)).statusCode).toBe(404);
    expect((await stranger.post('/grader/split-answer-group', split)).statusCode).toBe(404);
    expect((await pupil.post('/grader/get-answer-groups', read)).statusCode).toBe(403);
    expect((await pupil.post('/grader/grade-answer-group', grade)).statusCode).toBe(403);
    expect((await pupil.post('/grader/split-answer-group', split)).statusCode).toBe(403);
    const anonymous = await server.app.inject({ method: 'POST', url: '/grader/grade-answer-group', payload: grade });
    expect(anonymous.statusCode).toBe(401);
    // Nothing changed.
    expect((await groupsOf(q1)).groups[0]!.marks).toEqual([2]);
  });
}

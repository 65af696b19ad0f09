import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeMembership, createCourse, registerUser } from '@evergrade/command-service';
import {
  CSRF_COOKIE,
  GRADING_MESSAGES,
  type AssignmentSheet,
  type GradeSubmissionLine,
  type GradedLine,
  type InstructorAssignment,
  type ProcessSubmissionLine,
  type ResponseHistoryEntry,
  type StudentAssignments,
  type StudentGrading,
} from '@evergrade/contracts';
import { makeTextPdf } from '@evergrade/documents/testing';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * A grading run of our own through the spec's API, on submissions whose right marks we know (the offline grader):
 * upload three PDFs, grade them, check marks, flags and the graded status; edit marks (and two instructors editing
 * one mark at once: one wins, the other is told, the history keeps what happened), regrade, reset; typed answers too.
 */
let server: Standalone;
let t1: TestUser;
let t2: TestUser;
let stranger: TestUser;
const ids: Record<string, number> = {};
let assignmentId: number;
let onlineId: number;

const PASSWORD = 'Evergrade#2026';
const QUESTIONS = [
  {
    question_number: 1,
    question: 'A 2 kg trolley accelerates at 3 m/s^2. What is the resultant force on it?',
    marks_possible: 2,
    answer: '6 N',
    grading_instructions: 'Full marks need the unit.',
    tags: [],
  },
  {
    question_number: 2,
    question: 'Name the process by which green plants make their food using sunlight.',
    marks_possible: 1,
    answer: 'Photosynthesis',
    grading_instructions: '',
    tags: [],
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
/** Each student's answers and the marks the offline grader must give (and which questions it must flag). */
const PAPERS = {
  asha: {
    file: 'Asha Rao.pdf',
    lines: [
      '1. F = ma = 2 x 3 = 6 N',
      '2. Photosynthesis',
      '3. The Moon reflects sunlight and as it orbits the Earth we see different portions of its sunlit half.',
    ],
    marks: [2, 1, 2],
    flagged: [] as number[],
  },
  ben: {
    file: 'Ben_Okafor.pdf',
    lines: ['1. 6', '2. respiration', '3. The Moon reflects sunlight and orbits the Earth.'],
    // A missing unit costs half the marks (1 of 2), as teachers mark it.
    marks: [1, 0, 1],
    flagged: [3],
  },
  chen: {
    file: 'chen wei.pdf',
    lines: ['1. 5 N', '2. photosynthesis', '3. Because the Moon does not reflect sunlight.'],
    // A key term the answer negates earns nothing (and is flagged).
    marks: [0, 1, 0],
    flagged: [3],
  },
};
type Paper = keyof typeof PAPERS;

const dueTomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const headersOf = (u: TestUser) => ({
  cookie: Object.entries(u.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': u.cookies[CSRF_COOKIE]!,
});

/** POST a streaming route over HTTP and read its NDJSON lines as they arrive. */
async function streamed<Line>(u: TestUser, path: string, body: unknown): Promise<{ status: number; lines: Line[]; json: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...headersOf(u), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!(res.headers.get('content-type') ?? '').includes('ndjson')) return { status: res.status, lines: [], json: await res.json() };
  const text = await res.text();
  return {
    status: res.status,
    lines: text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line),
    json: null,
  };
}

async function upload(u: TestUser, paper: Paper, studentId: number) {
  const p = PAPERS[paper];
  const ticket = await u.get(`/grader/get-signed-url?file_name=${encodeURIComponent(p.file)}`);
  expect(ticket.statusCode).toBe(200);
  const pdf = await makeTextPdf([p.lines]);
  const put = await fetch(new URL(ticket.json.upload_url, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: pdf,
  });
  expect(put.status).toBe(200);
  return streamed<ProcessSubmissionLine>(u, '/grader/process-submission', {
    file_name: ticket.json.file_name,
    assignment_id: assignmentId,
    express_mode: false,
    student_id: studentId,
    original_filename: p.file,
  });
}

const book = async (u: TestUser, position: string | null = null, id = assignmentId) =>
  (await u.post('/grader/previous-questions-and-responses', { assignment_id: id }, afterPosition(position))).json as Record<
    string,
    StudentGrading
  >;

export function gradingSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: (process.env.GRADING_LOG ?? 'silent') as 'silent',
      ...(await open()),
    });
    const system = { tenant: 'demo', actorRole: 'system' as const };
    const now = new Date();
    const user = (email: string, role: 'instructor' | 'student', firstName: string, lastName: string) =>
      registerUser(server.store, system, { email, role, password: PASSWORD, firstName, lastName }, now);
    ids.t1 = await user('grader.one@demo.school', 'instructor', 'Marie', 'Curie');
    ids.t2 = await user('grader.two@demo.school', 'instructor', 'Niels', 'Bohr');
    await user('not.teaching@demo.school', 'instructor', 'Carl', 'Sagan');
    ids.asha = await user('asha.rao@demo.school', 'student', 'Asha', 'Rao');
    ids.ben = await user('ben.okafor@demo.school', 'student', 'Ben', 'Okafor');
    ids.chen = await user('chen.wei@demo.school', 'student', 'Chen', 'Wei');
    const { courseId } = await createCourse(
      server.store,
      system,
      {
        courseCode: 'SCI9G',
        courseName: 'Science',
        courseClass: '9',
        subject: 'Science',
        instructorIds: [ids.t1!, ids.t2!],
      },
      now,
    );
    for (const s of ['asha', 'ben', 'chen']) await changeMembership(server.store, system, 'EnrollStudent', courseId, ids[s]!, now);
    t1 = await loginAs(server.app, 'instructor', 'grader.one@demo.school', PASSWORD);
    t2 = await loginAs(server.app, 'instructor', 'grader.two@demo.school', PASSWORD);
    stranger = await loginAs(server.app, 'instructor', 'not.teaching@demo.school', PASSWORD);
    const add = (title: string, online: boolean) =>
      t1.post('/grader/add-assignment', {
        title,
        description: '',
        due_date: dueTomorrow(),
        course: 'SCI9G',
        creation_method: 'scratch',
        student_submissions_allowed: online,
        questions: QUESTIONS,
      });
    assignmentId = (await add('Forces and Light', false)).json.assignment_id;
    onlineId = (await add('Forces and Light Online', true)).json.assignment_id;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('uploading submissions', () => {
    it('signs a PUT for a PDF under the school and the instructor, and refuses other files', async () => {
      const res = await t1.get('/grader/get-signed-url?file_name=Asha%20Rao.pdf');
      expect(res.statusCode).toBe(200);
      expect(res.json.file_name).toMatch(/^[0-9a-f-]{36}_Asha_Rao\.pdf$/);
      expect(res.json.upload_url).toMatch(new RegExp(`^/blobs/demo/grader-submissions/${ids.t1}/`));
      expect((await t1.get('/grader/get-signed-url?file_name=notes.docx')).statusCode).toBe(400);
      expect((await t1.get('/grader/get-signed-url?file_name=a.pdf&email=someone@else.school')).statusCode).toBe(403);
    });

    it('processes each PDF into one ungraded response per question, streaming the phases', async () => {
      let position: string | null = null;
      for (const paper of ['asha', 'ben', 'chen'] as const) {
        const { status, lines } = await upload(t1, paper, ids[paper]!);
        expect(status).toBe(200);
        expect(lines.map((l) => l.status)).toContain('processing');
        expect(lines.at(-2)?.status).toBe('validating');
        const done = lines.at(-1)!;
        expect(done).toMatchObject({ status: 'complete', student_id: ids[paper], method: 'text' });
        expect(done.questions!.map((q) => [q.question_number, q.points_obtained, q.feedback, q.graded])).toEqual([
          [1, 0, '', false],
          [2, 0, '', false],
          [3, 0, '', false],
        ]);
        expect(done.questions!.every((q) => q.response_id > 0)).toBe(true);
        expect(done.questions![1]!.response.toLowerCase()).toContain(PAPERS[paper].lines[1]!.slice(3).toLowerCase());
        position = done.position ?? position;
      }
      const b = await book(t1, position);
      expect(Object.keys(b).sort()).toEqual([ids.asha, ids.ben, ids.chen].map(String).sort());
      expect(b[String(ids.ben)]).toMatchObject({
        graded: false,
        source: 'file',
        student_data: { student_name: 'Ben Okafor', original_filename: 'Ben_Okafor.pdf' },
      });
    });

    it('refuses a student of another course, a name that was not issued, a stranger and a missing file', async () => {
      const ticket = (await t1.get('/grader/get-signed-url?file_name=x.pdf')).json;
      const body = { file_name: ticket.file_name, assignment_id: assignmentId, express_mode: false, student_id: ids.asha };
      expect((await streamed(t1, '/grader/process-submission', { ...body, student_id: ids.t2 })).status).toBe(404);
      expect((await streamed(t1, '/grader/process-submission', { ...body, file_name: '../../etc/passwd' })).status).toBe(400);
      expect((await streamed(stranger, '/grader/process-submission', body)).status).toBe(404);
      expect((await streamed(t1, '/grader/process-submission', body)).json.message).toMatch(/No uploaded PDF/);
    });
  });

  describe('grading', () => {
    const graded: Partial<Record<Paper, GradedLine[]>> = {};
    let position: string | null = null;

    it('grades every submission with the offline grader: the marks and flags we know', async () => {
      for (const paper of ['asha', 'ben', 'chen'] as const) {
        const { status, lines } = await streamed<GradeSubmissionLine>(t1, '/grader/grade-submission', {
          assignment_id: assignmentId,
          student_id: ids[paper],
        });
        expect(status).toBe(200);
        const last = lines.at(-1) as { status: string; graded: number; position: string };
        expect(last).toMatchObject({ status: 'complete', graded: 3 });
        position = last.position;
        const qs = lines.slice(0, -1) as GradedLine[];
        graded[paper] = qs;
        expect(qs.map((q) => q.points_obtained)).toEqual(PAPERS[paper].marks);
        expect(qs.filter((q) => q.flagged_for_review !== '').map((q) => q.question_number)).toEqual(PAPERS[paper].flagged);
        expect(
          qs.every(
            (q) =>
              q.grader === 'offline' &&
              q.file_name === String(ids[paper]) &&
              q.points_possible === QUESTIONS[q.question_number - 1]!.marks_possible,
          ),
        ).toBe(true);
      }
      expect(graded.ben![0]!.feedback).toMatch(/unit is missing/);
      expect(graded.chen![2]!.flagged_for_review).toMatch(/negates/);
    });

    it('shows each submission graded with its total and unresolved flags', async () => {
      const b = await book(t1, position);
      const totals = Object.fromEntries(
        Object.values(b).map((s) => [s.student_id, [s.grading.obtained, s.grading.possible, s.graded, s.flag_count]]),
      );
      expect(totals).toEqual({ [ids.asha!]: [5, 5, true, 0], [ids.ben!]: [2, 5, true, 1], [ids.chen!]: [1, 5, true, 1] });
      expect(b[String(ids.asha)]!.grading.assignment_title).toBe('Forces and Light');
      expect(b[String(ids.ben)]!.questions[2]).toMatchObject({
        graded: true,
        graded_by: 'offline',
        original_feedback: graded.ben![2]!.feedback,
        flag_resolved: false,
      });
    });

    it("marks the student's assignment Graded with its marks, and the instructor's list has submissions and the average", async () => {
      const asha = await loginAs(server.app, 'student', 'asha.rao@demo.school', PASSWORD);
      const mine = ((await asha.get('/students/get-assignments', afterPosition(position))).json as StudentAssignments)[
        String(assignmentId)
      ];
      expect(mine).toMatchObject({ status: 'Graded', marks_obtained: 5, marks_total: 5 });
      const row = ((await t1.post('/grader/previous-assignments', {}, afterPosition(position))).json as InstructorAssignment[]).find(
        (a) => a.assignment_id === assignmentId,
      );
      expect(row).toMatchObject({ submissions: 3 });
      expect(row!.average).toBeCloseTo((5 + 2 + 1) / 3);
    });

    it('grading again leaves graded questions as they are', async () => {
      const { lines } = await streamed<GradeSubmissionLine>(t1, '/grader/grade-submission', {
        assignment_id: assignmentId,
        student_id: ids.asha,
      });
      expect(lines.at(-1)).toMatchObject({ status: 'complete', graded: 0 });
    });

    it('refuses a stranger (404) and an unknown student (404)', async () => {
      expect((await streamed(stranger, '/grader/grade-submission', { assignment_id: assignmentId, student_id: ids.asha })).status).toBe(
        404,
      );
      expect((await streamed(t1, '/grader/grade-submission', { assignment_id: assignmentId, student_id: 999999 })).status).toBe(404);
    });
  });

  describe('marks, feedback and flags', () => {
    const question = async (student: string, n: number, position: string | null = null) =>
      (await book(t1, position))[String(ids[student])]!.questions.find((q) => q.question_number === n)!;

    it('edits a mark and feedback, resolves the flag, and the student sees it', async () => {
      const q3 = await question('ben', 3);
      const res = await t1.post('/grader/update-response', {
        response_id: q3.response_id,
        points_obtained: 1.5,
        feedback: 'Good: reflection and orbit. Say which half we see.',
        flag_resolved: true,
        expected_version: q3.version,
        reason: 'Orbit explained',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.version).toBe(q3.version + 2);
      const after = (await book(t1, res.json.position))[String(ids.ben)]!;
      expect(after.questions[2]).toMatchObject({
        points_obtained: 1.5,
        flag_resolved: true,
        graded_by: 'instructor',
        original_feedback: q3.original_feedback,
      });
      expect([after.grading.obtained, after.flag_count]).toEqual([2.5, 0]);
      const ben = await loginAs(server.app, 'student', 'ben.okafor@demo.school', PASSWORD);
      expect(
        ((await ben.get('/students/get-assignments', afterPosition(res.json.position))).json as StudentAssignments)[String(assignmentId)],
      ).toMatchObject({ status: 'Graded', marks_obtained: 2.5 });
    });

    it('keeps bold and italic feedback end to end: stored, read back, in the history, to the student; the summary reads its words', async () => {
      const q1 = await question('chen', 1);
      const text = (t: string, format = 0) => ({ type: 'text', version: 1, text: t, format, detail: 0, mode: 'normal', style: '' });
      const rich = JSON.stringify({
        root: {
          type: 'root',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          children: [
            {
              type: 'paragraph',
              version: 1,
              direction: null,
              format: '',
              indent: 0,
              children: [text('Check the '), text('unit', 1), text(' next '), text('time', 2), text('.')],
            },
          ],
        },
      });
      const res = await t1.post('/grader/update-response', {
        response_id: q1.response_id,
        points_obtained: 0.5,
        feedback: rich,
        expected_version: q1.version,
      });
      expect(res.statusCode).toBe(200);
      expect((await question('chen', 1, res.json.position)).feedback).toBe(rich);
      const history = (await t1.post('/grader/response-history', { response_id: q1.response_id }, afterPosition(res.json.position)))
        .json as ResponseHistoryEntry[];
      expect(history.at(-1)).toMatchObject({ kind: 'ResponseMarkEdited', feedback: rich });
      const chen = await loginAs(server.app, 'student', 'chen.wei@demo.school', PASSWORD);
      const seen = await chen.post('/students/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(res.json.position));
      expect(seen.json.questions.find((x: { question_number: number }) => x.question_number === 1)).toMatchObject({
        grade: 0.5,
        feedback: rich,
      });
      const summary = await chen.post('/students/get-student-summary', { assignment_id: assignmentId }, afterPosition(res.json.position));
      expect(summary.statusCode).toBe(200);
      expect(summary.json.questions[0].feedback).toBe('Check the unit next time.');
      expect(JSON.stringify(summary.json)).not.toContain('"root"');
    });

    it('measures feedback by its words: a long editor state is accepted, more than 20,000 characters of text are not', async () => {
      const q = await question('chen', 1);
      const para = (t: string) => ({ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text: t, format: 1 }] });
      const state = (paragraphs: string[]) => JSON.stringify({ root: { type: 'root', version: 1, children: paragraphs.map(para) } });
      const wordy = state(Array.from({ length: 300 }, (_, i) => `Point ${i}.`));
      expect(wordy.length).toBeGreaterThan(20_000);
      const ok = await t1.post('/grader/update-response', {
        response_id: q.response_id,
        points_obtained: 0.5,
        feedback: wordy,
        expected_version: q.version,
      });
      expect(ok.statusCode).toBe(200);
      const tooLong = await t1.post('/grader/update-response', {
        response_id: q.response_id,
        points_obtained: 0.5,
        feedback: state(['x'.repeat(20_001)]),
        expected_version: ok.json.version,
      });
      expect(tooLong).toMatchObject({ statusCode: 400, json: { message: 'feedback: Feedback is too long' } });
      expect(
        (
          await t1.post('/grader/update-response', {
            response_id: q.response_id,
            points_obtained: 0.5,
            feedback: 'y'.repeat(20_001),
            expected_version: ok.json.version,
          })
        ).statusCode,
      ).toBe(400);
    });

    it('refuses marks above the possible or off the 0.25 steps, and unknown responses', async () => {
      const q1 = await question('ben', 1);
      const v = q1.version;
      expect(
        (await t1.post('/grader/update-response', { response_id: q1.response_id, points_obtained: 2.5, feedback: '', expected_version: v }))
          .json.message,
      ).toBe('Marks must be between 0 and 2');
      expect(
        (await t1.post('/grader/update-response', { response_id: q1.response_id, points_obtained: 0.3, feedback: '', expected_version: v }))
          .statusCode,
      ).toBe(400);
      expect(
        (await t1.post('/grader/update-response', { response_id: 99999999, points_obtained: 1, feedback: '', expected_version: v }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await stranger.post('/grader/update-response', {
            response_id: q1.response_id,
            points_obtained: 1,
            feedback: '',
            expected_version: v,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses an edit that does not say which version it was based on (400), so no edit overwrites one unseen', async () => {
      const q1 = await question('ben', 1);
      for (const expected_version of [undefined, null, '3', -1, 1.5]) {
        const res = await t1.post('/grader/update-response', {
          response_id: q1.response_id,
          points_obtained: 1,
          feedback: 'Blind edit.',
          expected_version,
        });
        expect(res, String(expected_version)).toEqual({
          statusCode: 400,
          json: { message: GRADING_MESSAGES.expectedVersion, field: 'expected_version' },
        });
      }
      const unchanged = await question('ben', 1);
      expect([unchanged.version, unchanged.points_obtained, unchanged.feedback]).toEqual([q1.version, q1.points_obtained, q1.feedback]);
    });

    it('two instructors editing one mark at once: one wins, the other is told with the current value, the history keeps the winner', async () => {
      const q1 = await question('ben', 1);
      const [a, b] = await Promise.all([
        t1.post('/grader/update-response', {
          response_id: q1.response_id,
          points_obtained: 2,
          feedback: 'Unit implied: full marks.',
          expected_version: q1.version,
        }),
        t2.post('/grader/update-response', {
          response_id: q1.response_id,
          points_obtained: 1,
          feedback: 'Half: no unit.',
          expected_version: q1.version,
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
      const winner =
        a.statusCode === 200 ? { points: 2, feedback: 'Unit implied: full marks.' } : { points: 1, feedback: 'Half: no unit.' };
      expect(lost.json.message).toMatch(/Another instructor changed this response/);
      expect(lost.json.current).toMatchObject({
        response_id: q1.response_id,
        points_obtained: winner.points,
        feedback: winner.feedback,
        version: won.json.version,
      });
      const history = (await t1.post('/grader/response-history', { response_id: q1.response_id }, afterPosition(won.json.position)))
        .json as ResponseHistoryEntry[];
      expect(history.map((h) => h.kind)).toEqual(['SubmissionFileProcessed', 'ResponseGraded', 'ResponseMarkEdited']);
      expect(history[1]).toMatchObject({ actor_kind: 'offline', actor: 'offline', points: 1, previous_points: 0 });
      expect(history[2]).toMatchObject({
        actor_kind: 'instructor',
        previous_points: 1,
        points: winner.points,
        feedback: winner.feedback,
      });
      expect(['Marie Curie', 'Niels Bohr']).toContain(history[2]!.actor);
      // The loser retries on the current version and wins this time: both edits are now in the chain.
      const retry = await (won === a ? t2 : t1).post('/grader/update-response', {
        response_id: q1.response_id,
        points_obtained: 1.75,
        feedback: 'Agreed: 1.75.',
        expected_version: lost.json.current.version,
      });
      expect(retry.statusCode).toBe(200);
      const chain = (await t1.post('/grader/response-history', { response_id: q1.response_id }, afterPosition(retry.json.position)))
        .json as ResponseHistoryEntry[];
      expect(chain.slice(-2).map((h) => [h.previous_points, h.points])).toEqual([
        [1, winner.points],
        [winner.points, 1.75],
      ]);
    });
  });

  describe('regrading and resets', () => {
    it('regrades one question with instructions (filename is the student id), recording them', async () => {
      const res = await t1.post('/grader/regrade-question', {
        filename: String(ids.chen),
        assignment_id: assignmentId,
        question_number: 2,
        regrade_instructions: 'Accept any spelling of photosynthesis',
        all_students: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ points_obtained: 1, points_possible: 1, kept_manual: false, grader: 'offline' });
      const history = (await t1.post('/grader/response-history', { response_id: res.json.response_id }, afterPosition(res.json.position)))
        .json as ResponseHistoryEntry[];
      expect(history.at(-1)).toMatchObject({ kind: 'ResponseGraded', reason: 'Accept any spelling of photosynthesis' });
    });

    it('keeps a mark set by hand unless the instructor asks to override it', async () => {
      const kept = await t1.post('/grader/regrade-question', {
        filename: 'Ben_Okafor.pdf',
        assignment_id: assignmentId,
        question_number: 3,
        regrade_instructions: '',
        all_students: false,
      });
      expect(kept.json).toMatchObject({ points_obtained: 1.5, kept_manual: true });
      const over = await t1.post('/grader/regrade-question', {
        filename: String(ids.ben),
        assignment_id: assignmentId,
        question_number: 3,
        regrade_instructions: '',
        all_students: false,
        override_manual: true,
      });
      expect(over.json).toMatchObject({ points_obtained: 1, kept_manual: false });
    });

    it('resets grading status: ungraded until graded again, then Graded again', async () => {
      const reset = await t1.post('/grader/reset-grading-status', { assignment_id: assignmentId, student_ids: [ids.asha] });
      expect(reset.statusCode).toBe(200);
      const b = await book(t1, reset.json.position);
      expect(b[String(ids.asha)]!.graded).toBe(false);
      const asha = await loginAs(server.app, 'student', 'asha.rao@demo.school', PASSWORD);
      expect(
        ((await asha.get('/students/get-assignments', afterPosition(reset.json.position))).json as StudentAssignments)[
          String(assignmentId)
        ]!.status,
      ).not.toBe('Graded');
      const { lines } = await streamed<GradeSubmissionLine>(t1, '/grader/grade-submission', {
        assignment_id: assignmentId,
        student_id: ids.asha,
      });
      const last = lines.at(-1) as { status: string; graded: number; position: string };
      expect(last).toMatchObject({ status: 'complete', graded: 3 });
      expect(
        ((await asha.get('/students/get-assignments', afterPosition(last.position))).json as StudentAssignments)[String(assignmentId)],
      ).toMatchObject({ status: 'Graded', marks_obtained: 5 });
    });
  });

  describe("students' typed answers", () => {
    it('grades what the student submitted online', async () => {
      const chen = await loginAs(server.app, 'student', 'chen.wei@demo.school', PASSWORD);
      const sheet = (await t1.post('/grader/get-assignment-questions', { assignment_id: onlineId })).json as AssignmentSheet;
      const byNumber = Object.fromEntries(sheet.questions.map((q) => [q.question_number, q.question_id]));
      const submitted = await chen.post('/students/submit-assignment', {
        assignment_id: onlineId,
        responses: {
          [byNumber[1]!]: '6 N',
          [byNumber[2]!]: 'Photosynthesis',
          [byNumber[3]!]: 'The Moon reflects sunlight and orbits the Earth.',
        },
      });
      expect(submitted.statusCode).toBe(200);
      const before = (await book(t1, submitted.json.position, onlineId))[String(ids.chen)]!;
      expect(before).toMatchObject({ source: 'online', graded: false });
      expect(before.questions.map((q) => [q.response_id, q.response])).toEqual([
        [-1, '6 N'],
        [-1, 'Photosynthesis'],
        [-1, 'The Moon reflects sunlight and orbits the Earth.'],
      ]);
      const { lines } = await streamed<GradeSubmissionLine>(t1, '/grader/grade-submission', {
        assignment_id: onlineId,
        student_id: ids.chen,
      });
      expect((lines.slice(0, -1) as GradedLine[]).map((l) => l.points_obtained)).toEqual([2, 1, 1]);
      const last = lines.at(-1) as { position: string };
      expect(
        ((await chen.get('/students/get-assignments', afterPosition(last.position))).json as StudentAssignments)[String(onlineId)],
      ).toMatchObject({ status: 'Graded', marks_obtained: 4 });
      const answered = await chen.post('/students/get-assignment-questions', { assignment_id: onlineId }, afterPosition(last.position));
      expect(answered.statusCode).toBe(200);
      expect(
        answered.json.questions.map((x: { grade: number | null; graded: boolean; feedback: string | null }) => [
          x.grade,
          x.graded,
          Boolean(x.feedback),
        ]),
      ).toEqual([
        [2, true, true],
        [1, true, true],
        [1, true, true],
      ]);
    });

    it('says there is nothing to grade for a student with no answers', async () => {
      const res = await streamed(t1, '/grader/grade-submission', { assignment_id: onlineId, student_id: ids.asha });
      expect(res.status).toBe(404);
    });
  });
}

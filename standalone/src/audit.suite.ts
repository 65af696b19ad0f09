import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTenant, registerUser } from '@evergrade/command-service';
import {
  CSRF_COOKIE,
  type AuditFiltersReply,
  type AuditSearchReply,
  type GradeBook,
  type GradedLine,
  type ResponseChain,
  type StudentGrading,
} from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * The audit history of grades through the spec's API: grading, a hand edit, a regrade of every student, a resolved
 * flag and a reset are driven as an instructor, the instant after each step is noted with the values the API
 * replied; then, as the school admin, the grade book "as of" each instant must equal the values of that step, each
 * response's chain must name who or what set every value, and the CSV must carry it all.
 */
type Cell = { points: number; graded: boolean; graded_by: string; flag: string; flag_resolved: boolean };
type Book = Map<number, Map<number, Cell>>;

let server: Standalone;
let teacher: TestUser;
let admin: TestUser;
let outsider: TestUser;
let assignmentId: number;
const ids = { ada: 0, emmy: 0 };
/** response id by student and question number */
const responses = new Map<string, number>();
const rid = (student: number, q: number) => responses.get(`${student}/${q}`)!;
const steps: { name: string; at: string; book: Book }[] = [];
let lastPosition: string | null = null;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clone = (b: Book): Book => new Map([...b].map(([s, qs]) => [s, new Map([...qs].map(([q, c]) => [q, { ...c }]))]));
const book: Book = new Map();

async function mark(name: string): Promise<void> {
  await sleep(25);
  steps.push({ name, at: new Date().toISOString(), book: clone(book) });
  await sleep(25);
}

/** NDJSON and CSV replies are not JSON: inject with the session's cookies directly. */
async function raw(u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: {
      cookie: Object.entries(u.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': u.cookies[CSRF_COOKIE] ?? '',
    },
  });
}

function setCell(student: number, q: number, c: Partial<Cell>) {
  const row = book.get(student) ?? new Map<number, Cell>();
  row.set(q, { ...(row.get(q) ?? { points: 0, graded: false, graded_by: '', flag: '', flag_resolved: false }), ...c });
  book.set(student, row);
}

const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();

/** The response's current version, which a mark edit must state (the instructor's grading view reads it). */
async function versionOf(student: number, q: number): Promise<number> {
  const res = await teacher.post('/grader/previous-questions-and-responses', { assignment_id: assignmentId }, afterPosition(lastPosition));
  expect(res.statusCode).toBe(200);
  return (res.json as Record<string, StudentGrading>)[String(student)]!.questions.find((x) => x.question_number === q)!.version;
}

export function auditSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
    admin = await loginAs(server.app, 'admin', 'admin@demo.school');
    const ada = await loginAs(server.app, 'student', 'student@demo.school');
    const emmy = await loginAs(server.app, 'student', 'student2@demo.school');
    ids.ada = (await ada.get('/students/get-student')).json.studentId;
    ids.emmy = (await emmy.get('/students/get-student')).json.studentId;
    const other = { tenant: 'elsewhere', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Elsewhere School', new Date());
    await registerUser(
      server.store,
      other,
      { email: 'head@elsewhere.school', role: 'admin', password: 'Pa55word!x', firstName: 'Ed', lastName: 'Head' },
      new Date(),
    );
    outsider = await loginAs(server.app, 'admin', 'head@elsewhere.school', 'Pa55word!x');

    const created = await teacher.post('/grader/add-assignment', {
      title: 'Audit Trail Quiz',
      description: 'Roots and plants',
      due_date: tomorrow(),
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
          question: 'What does photosynthesis produce?',
          marks_possible: 2,
          answer: 'glucose and oxygen',
          grading_instructions: '',
          tags: [],
        },
        {
          question_number: 2,
          question: 'Solve x^2 - 5x + 6 = 0',
          marks_possible: 1,
          answer: 'x = 2 or x = 3',
          grading_instructions: '',
          tags: [],
        },
      ],
    });
    expect(created.statusCode).toBe(200);
    assignmentId = created.json.assignment_id;
    const sheet = (u: TestUser) =>
      u.post('/students/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(created.json.position));
    const answer = async (u: TestUser, texts: string[]) => {
      const qs = (await sheet(u)).json.questions as { question_id: number }[];
      for (const [i, q] of qs.entries()) {
        const res = await u.post('/students/set-assignment-response', {
          assignment_id: assignmentId,
          question_id: q.question_id,
          response_content: texts[i]!,
        });
        expect(res.statusCode).toBe(200);
      }
    };
    await answer(ada, ['glucose and oxygen', 'x = 2 or x = 3']);
    await answer(emmy, ['It does not make oxygen', 'x = 2']);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('grading driven through the API, the instant after each step noted', () => {
    it('before any grade', async () => {
      await mark('before grading');
    });

    it('grades both students (offline grader; an answer that negates a key term is flagged)', async () => {
      for (const student of [ids.ada, ids.emmy]) {
        const res = await raw(teacher, 'POST', '/grader/grade-submission', { assignment_id: assignmentId, student_id: student });
        expect(res.statusCode).toBe(200);
        const lines = res.body
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as GradedLine & { status?: string; position?: string | null });
        const done = lines.at(-1)!;
        expect(done.status).toBe('complete');
        lastPosition = done.position ?? lastPosition;
        for (const l of lines.filter((x) => x.status === undefined)) {
          responses.set(`${student}/${l.question_number}`, l.response_id);
          setCell(student, l.question_number, {
            points: l.points_obtained,
            graded: true,
            graded_by: l.grader,
            flag: l.flagged_for_review,
            flag_resolved: false,
          });
        }
      }
      expect(book.get(ids.ada)!.get(1)!.points).toBe(2);
      expect(book.get(ids.emmy)!.get(1)!.flag).not.toBe('');
      await mark('graded');
    });

    it('edits a mark by hand, with a reason', async () => {
      const res = await teacher.post('/grader/update-response', {
        response_id: rid(ids.ada, 1),
        points_obtained: 1.5,
        feedback: 'Both roots, but "show" your working, please',
        reason: '=Working missing',
        expected_version: await versionOf(ids.ada, 1),
      });
      expect(res.statusCode).toBe(200);
      lastPosition = res.json.position;
      setCell(ids.ada, 1, { points: 1.5, graded: true, graded_by: 'instructor' });
      await mark('edited');
    });

    it('regrades question 1 for every student (one call per student): the hand-set mark is kept', async () => {
      for (const student of [ids.ada, ids.emmy]) {
        const res = await teacher.post('/grader/regrade-question', {
          filename: String(student),
          student_id: student,
          assignment_id: assignmentId,
          question_number: 1,
          regrade_instructions: 'Accept O2 for oxygen',
        });
        expect(res.statusCode).toBe(200);
        lastPosition = res.json.position ?? lastPosition;
        if (res.json.kept_manual) continue;
        setCell(student, 1, {
          points: res.json.points_obtained,
          graded: true,
          graded_by: res.json.grader,
          flag: res.json.flagged_for_review,
          flag_resolved: false,
        });
      }
      expect(book.get(ids.ada)!.get(1)!.graded_by).toBe('instructor');
      await mark('regraded');
    });

    it("resolves Emmy's flag", async () => {
      const c = book.get(ids.emmy)!.get(1)!;
      expect(c.flag).not.toBe('');
      const res = await teacher.post('/grader/update-response', {
        response_id: rid(ids.emmy, 1),
        points_obtained: c.points,
        feedback: (await chain(rid(ids.emmy, 1))).entries.at(-1)!.feedback,
        flag_resolved: true,
        expected_version: await versionOf(ids.emmy, 1),
      });
      expect(res.statusCode).toBe(200);
      lastPosition = res.json.position;
      setCell(ids.emmy, 1, { flag_resolved: true });
      await mark('flag resolved');
    });

    it("resets Emmy's grading", async () => {
      const res = await teacher.post('/grader/reset-grading-status', { assignment_id: assignmentId, student_ids: [ids.emmy] });
      expect(res.statusCode).toBe(200);
      lastPosition = res.json.position;
      for (const q of [1, 2]) setCell(ids.emmy, q, { graded: false });
      await mark('reset');
    });
  });

  const chain = async (responseId: number) => {
    const res = await admin.post('/admin/audit/response-history', { response_id: responseId }, afterPosition(lastPosition));
    expect(res.statusCode).toBe(200);
    return res.json as ResponseChain;
  };
  const gradeBook = async (asOf: string, u = admin) =>
    u.post('/admin/audit/grade-book-as-of', { assignment_id: assignmentId, as_of: asOf }, afterPosition(lastPosition));

  describe('as the school admin', () => {
    it('the grade book as of each noted instant equals the values recorded at that step', async () => {
      expect(steps.map((s) => s.name)).toEqual(['before grading', 'graded', 'edited', 'regraded', 'flag resolved', 'reset']);
      for (const s of steps) {
        const res = await gradeBook(s.at);
        expect(res.statusCode, s.name).toBe(200);
        const b = res.json as GradeBook;
        expect(
          b.questions.map((q) => [q.question_number, q.points_possible]),
          s.name,
        ).toEqual([
          [1, 2],
          [2, 1],
        ]);
        const got = Object.fromEntries(
          b.students.map((st) => [
            st.student_id,
            Object.fromEntries(
              st.cells.map((c, i) => [
                b.questions[i]!.question_number,
                {
                  points: c.points,
                  graded: c.graded,
                  graded_by: c.graded_by,
                  flag: c.flagged_for_review,
                  flag_resolved: c.flag_resolved,
                },
              ]),
            ),
          ]),
        );
        const want = Object.fromEntries([...s.book].map(([st, qs]) => [st, Object.fromEntries(qs)]));
        expect(got, s.name).toEqual(want);
        for (const st of b.students) {
          expect(st.obtained, s.name).toBe([...s.book.get(st.student_id)!.values()].reduce((n, c) => n + c.points, 0));
          expect(st.possible).toBe(3);
          expect(st.graded, s.name).toBe([...s.book.get(st.student_id)!.values()].every((c) => c.graded));
        }
      }
      const before = (await gradeBook(steps[0]!.at)).json as GradeBook;
      expect(before.students).toEqual([]);
      expect(before.events).toBe(0);
      const edited = (await gradeBook(steps[2]!.at)).json as GradeBook;
      expect(edited.students.map((s) => s.student_name)).toEqual(['Ada Lovelace', 'Emmy Noether']);
    });

    it("the edited response's chain says who or what set each value, when, the previous value and why", async () => {
      const c = await chain(rid(ids.ada, 1));
      expect(c).toMatchObject({
        assignment_id: assignmentId,
        assignment_title: 'Audit Trail Quiz',
        student_name: 'Ada Lovelace',
        question_number: 1,
      });
      expect(c.entries.map((e) => [e.kind, e.actor_kind])).toEqual([
        ['OnlineResponsesCaptured', 'system'],
        ['ResponseGraded', 'offline'],
        ['ResponseMarkEdited', 'instructor'],
      ]);
      const [captured, graded, edited] = c.entries;
      expect(captured).toMatchObject({ points: null, graded: false, version: 1 });
      expect(graded).toMatchObject({
        actor: 'offline',
        actor_id: null,
        previous_points: null,
        points: 2,
        graded: true,
        reason: null,
        version: 2,
      });
      expect(graded!.detail).toContain('requested by Grace Hopper');
      expect(edited).toMatchObject({
        actor: 'Grace Hopper',
        previous_points: 2,
        points: 1.5,
        previous_feedback: graded!.feedback,
        feedback: 'Both roots, but "show" your working, please',
        reason: '=Working missing',
        version: 3,
      });
      const times = c.entries.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[2]!).toBeGreaterThan(Date.parse(steps[1]!.at));
      expect(times[2]!).toBeLessThanOrEqual(Date.parse(steps[2]!.at));
    });

    it("the flagged response's chain shows the regrade's instructions, the flag raised and resolved, and the reset", async () => {
      const c = await chain(rid(ids.emmy, 1));
      expect(c.entries.map((e) => e.kind)).toEqual([
        'OnlineResponsesCaptured',
        'ResponseGraded',
        'ResponseGraded',
        'ResponseFlagResolved',
        'GradingReset',
      ]);
      const [, first, regrade, resolved, reset] = c.entries;
      expect(first!.flagged_for_review).not.toBe('');
      expect(first!.confidence).toBeLessThan(0.5);
      expect(regrade).toMatchObject({ reason: 'Accept O2 for oxygen', previous_points: first!.points, flag_resolved: false });
      expect(resolved).toMatchObject({
        actor_kind: 'instructor',
        actor: 'Grace Hopper',
        flagged_for_review: regrade!.flagged_for_review,
        flag_resolved: true,
      });
      expect(reset).toMatchObject({ actor: 'Grace Hopper', graded: false, flag_resolved: true });
    });

    it('searches by student name, assignment and recorded date range, newest first, paginated', async () => {
      const search = async (body: object) => {
        const res = await admin.post('/admin/audit/search', body, afterPosition(lastPosition));
        expect(res.statusCode).toBe(200);
        return res.json as AuditSearchReply;
      };
      const all = await search({ assignment_id: assignmentId });
      // Captures 2 x 2, grades 2 x 2, the edit, one regrade (Ada's hand mark kept), the resolution, the reset of 2.
      expect(all.total).toBe(4 + 4 + 1 + 1 + 1 + 2);
      const times = all.entries.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const ada = await search({ assignment_id: assignmentId, student: 'lovelace' });
      expect(ada.total).toBe(5);
      expect(new Set(ada.entries.map((e) => e.student_name))).toEqual(new Set(['Ada Lovelace']));
      expect((await search({ assignment_id: assignmentId, student_id: ids.emmy })).total).toBe(2 + 2 + 1 + 1 + 2);
      const window = await search({ assignment_id: assignmentId, from: steps[1]!.at, to: steps[2]!.at });
      expect(window.entries.map((e) => [e.kind, e.student_name, e.previous_points, e.points])).toEqual([
        ['ResponseMarkEdited', 'Ada Lovelace', 2, 1.5],
      ]);
      const page2 = await search({ assignment_id: assignmentId, page: 2, page_size: 5 });
      expect(page2.entries.map((e) => e.position)).toEqual(all.entries.slice(5, 10).map((e) => e.position));
      expect((await admin.post('/admin/audit/search', { from: steps[2]!.at, to: steps[1]!.at })).statusCode).toBe(400);
      const filters = (await admin.get('/admin/audit/filters', afterPosition(lastPosition))).json as AuditFiltersReply;
      expect(filters.assignments).toContainEqual({ assignment_id: assignmentId, title: 'Audit Trail Quiz', course_code: 'MATH10' });
      expect(filters.students.map((s) => s.name)).toEqual(expect.arrayContaining(['Ada Lovelace', 'Emmy Noether']));
    });

    it('exports the grade history as CSV: header row, one line per event and response, quoted, formula-safe', async () => {
      const res = await raw(admin, 'GET', `/admin/audit/grade-history.csv?assignment_id=${assignmentId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="grade-history-${assignmentId}-audit-trail-quiz.csv"`);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'recorded_at,event,assignment_id,assignment_title,student_id,student_name,question_number,response_id,actor_kind,actor,actor_id,previous_points,points,points_possible,previous_feedback,feedback,flagged_for_review,flag_resolved,graded,confidence,reason,detail,position',
      );
      expect(lines).toHaveLength(1 + 13);
      const edit = lines.find((l) => l.includes(',ResponseMarkEdited,'))!;
      expect(edit).toContain(',"Both roots, but ""show"" your working, please",');
      expect(edit).toContain(",'=Working missing,");
      expect(edit).toContain(',Ada Lovelace,1,');
    });

    it("refuses instructors, and another school's admin finds nothing of this school", async () => {
      expect((await gradeBook(steps[1]!.at, teacher)).statusCode).toBe(403);
      expect((await teacher.post('/admin/audit/response-history', { response_id: rid(ids.ada, 1) })).statusCode).toBe(403);
      expect((await outsider.post('/admin/audit/response-history', { response_id: rid(ids.ada, 1) })).statusCode).toBe(404);
      expect((await gradeBook(steps[1]!.at, outsider)).statusCode).toBe(404);
      expect((await raw(outsider, 'GET', `/admin/audit/grade-history.csv?assignment_id=${assignmentId}`)).statusCode).toBe(404);
      expect((await outsider.post('/admin/audit/search', { assignment_id: assignmentId })).json.total).toBe(0);
    });

    it('bad input is a 400 naming the field', async () => {
      const res = await admin.post('/admin/audit/grade-book-as-of', { assignment_id: assignmentId, as_of: 'yesterday' });
      expect(res.statusCode).toBe(400);
      expect(res.json.message).toContain('as_of');
      expect((await admin.post('/admin/audit/response-history', { response_id: 99999999 })).statusCode).toBe(404);
    });
  });
}

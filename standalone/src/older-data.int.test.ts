import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, streamIds, type AddAssignmentBody, type GradedLine } from '@evergrade/contracts';
import {
  createIsolatedSchema,
  openPgliteDatabase,
  openPostgresDatabase,
  type Database,
  type IsolatedSchema,
} from '@evergrade/platform/sql';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * A data directory written by a build from before ids recorded their owner: update-question (question_id alone) and
 * update-response (response_id alone) still find their streams after an upgrade, through the command side's one-time
 * backfill from the log, with no read model involved.
 */
async function gradeOnline(server: Standalone, teacher: TestUser, assignmentId: number, studentId: number): Promise<GradedLine[]> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/grader/grade-submission',
    payload: { assignment_id: assignmentId, student_id: studentId },
    headers: {
      cookie: Object.entries(teacher.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': teacher.cookies[CSRF_COOKIE]!,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => 'response_id' in l) as GradedLine[];
}

/** What an older build left: IdAllocated without owners, and no id-owners streams or backfill marker. */
async function asOlderBuild(db: Database): Promise<void> {
  await db.query(`UPDATE events SET data = '{}'::jsonb WHERE type = 'IdAllocated'`);
  await db.query(`DELETE FROM events WHERE stream_id LIKE 'id-owners%'`);
}

function olderDataSuite(open: () => Promise<{ options: Partial<StandaloneOptions>; sql(): Promise<Database> }>): void {
  it('finds questions and responses an older build created, after an upgrade', async () => {
    const { options, sql } = await open();
    const start = () => startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...options });
    const first = await start();
    let questionId: number;
    let line: GradedLine;
    try {
      const teacher = await loginAs(first.app, 'instructor', 'teacher@demo.school');
      const student = await loginAs(first.app, 'student', 'student@demo.school');
      const studentId = (await student.get('/students/get-student')).json.studentId as number;
      const body: AddAssignmentBody = {
        title: 'Older data',
        description: '',
        due_date: new Date(Date.now() + 86_400_000).toISOString(),
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
            question: 'Solve $x^2 = 4$',
            marks_possible: 2,
            answer: 'x = 2 or x = -2',
            grading_instructions: '',
            tags: [],
          },
        ],
      };
      const added = await teacher.post('/grader/add-assignment', body);
      expect(added.statusCode).toBe(200);
      const assignmentId = added.json.assignment_id as number;
      const sheet = (
        await teacher.post('/grader/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(added.json.position))
      ).json;
      questionId = sheet.questions[0].question_id;
      expect(
        (await student.post('/students/submit-assignment', { assignment_id: assignmentId, responses: { [questionId]: 'x = 2 or x = -2' } }))
          .statusCode,
      ).toBe(200);
      [line] = (await gradeOnline(first, teacher, assignmentId, studentId)) as [GradedLine];
      expect(line.response_id).toBeGreaterThan(0);
    } finally {
      await first.close();
    }

    const db = await sql();
    try {
      await asOlderBuild(db);
    } finally {
      await db.close();
    }

    const second = await start();
    try {
      const teacher = await loginAs(second.app, 'instructor', 'teacher@demo.school');
      const updated = await teacher.post('/grader/update-question', {
        question_id: questionId,
        question: 'Solve $x^2 = 9$',
        marks_possible: 2,
        answer: 'x = 3 or x = -3',
      });
      expect(updated.statusCode).toBe(200);
      const edited = await teacher.post('/grader/update-response', {
        response_id: line.response_id,
        points_obtained: 1,
        feedback: 'Half right',
        expected_version: line.version,
      });
      expect(edited.statusCode).toBe(200);
      expect((await teacher.post('/grader/update-question', { question_id: 987_654, question: 'x', marks_possible: 1 })).statusCode).toBe(
        404,
      );
      // Found through the backfill's lookup streams, written once.
      expect(await second.store.readStream(streamIds.idOwners('demo', 'question', questionId))).toHaveLength(1);
      expect(await second.store.readStream(streamIds.idOwnersBackfill())).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
}

describe('older data on PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-older-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  olderDataSuite(async () => ({ options: { dataDir }, sql: () => openPgliteDatabase({ dataDir }) }));
});

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});
describe.skipIf(!databaseUrl)(`older data on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  olderDataSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'older');
    const connectionString = schema.connectionString;
    return { options: { databaseUrl: connectionString }, sql: async () => openPostgresDatabase({ connectionString }) };
  }),
);

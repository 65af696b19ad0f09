import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streamIds, type EventOf } from '@evergrade/contracts';
import { createOpenAiCompatibleProvider } from '@evergrade/platform/ai';
import { createSqlEventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase } from '@evergrade/platform/sql';
import { jobGrades, setUpClass, untilFinished } from './regrade.suite';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { userWith } from './testing/client';

/**
 * A regrade-all job stopped mid-way by a restart finishes after it, every student regraded exactly once. The model is
 * a local chat-completions server that holds the job's second regrade until the first server is closing, so the stop
 * lands mid-job for sure; the second server's job reads the same data directory.
 */
/** `open` gives the database (PGlite in the data directory when it gives none). */
export function regradeRestartSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let dataDir = '';
  let model: Server;
  let baseUrl: string;
  const regradePrompts: string[] = [];
  let hold = true;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => {};
  const secondArrived = new Promise<void>((resolve) => (arrived = resolve));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-regrade-restart-'));
    model = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const prompt = JSON.parse(body).messages[1].content as string;
      if (prompt.includes('Regrade instructions from the teacher')) {
        regradePrompts.push(prompt);
        if (hold && regradePrompts.length === 2) {
          arrived();
          await held;
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const reply = { points_obtained: 2, feedback: 'Accepted as the teacher asked.', confidence: 0.9, flag_for_review: '' };
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(reply) } }] }));
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    release();
    await new Promise<void>((resolve) => model?.close(() => resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let options: Partial<StandaloneOptions> = {};
  beforeAll(async () => {
    options = await open();
  });
  const start = () =>
    startStandalone({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      uiDir: '/nonexistent',
      logLevel: 'silent',
      ai: createOpenAiCompatibleProvider({ baseUrl, model: 'fake-model-1', timeoutMs: 20_000 }),
      ...options,
    });

  it('a regrade job stopped by a restart (one student even between its grade and the record of it) finishes after it, each student regraded exactly once', async () => {
    let first: Standalone | null = await start();
    let second: Standalone | null = null;
    try {
      const c = await setUpClass(first, 'RST9');
      const started = await c.teacher.post('/grader/regrade-all', {
        assignment_id: c.assignmentId,
        question_number: 2,
        regrade_instructions: 'Give credit for Jove, the Roman name',
      });
      expect(started.statusCode).toBe(200);
      const jobId = started.json.job_id as string;
      await secondArrived;
      const midway = (await c.teacher.post('/grader/regrade-job', { job_id: jobId })).json;
      expect(midway).toMatchObject({ status: 'running', total: 4 });
      expect(midway.students).toHaveLength(1);
      // Stop while the second student's grade is with the model; the job finishes that student, then stops.
      const closing = first.close();
      // Once the server refuses connections its jobs have been told to stop: then the model may answer.
      const url = first.url;
      while (
        await fetch(`${url}/healthz`).then(
          () => true,
          () => false,
        )
      );
      release();
      await closing;
      first = null;
      expect(regradePrompts).toHaveLength(2);

      // A stop between a student's grade and the job's record of it: the third student's grade is on their stream
      // (under the job's command id), the job does not know yet. The resumed job records it without grading again.
      const db = options.databaseUrl
        ? openPostgresDatabase({ connectionString: options.databaseUrl })
        : await openPgliteDatabase({ dataDir });
      const store = await createSqlEventStore(db);
      const third = ((await store.readStream(streamIds.regradeJob('demo', jobId)))[0]!.data as EventOf<'RegradeJobStarted'>['data'])
        .studentIds[2]!;
      const gradingStream = streamIds.grading('demo', c.assignmentId, third);
      const events = await store.readStream(gradingStream);
      const last = events.filter((e) => e.type === 'ResponseGraded' && (e.data as { questionNumber: number }).questionNumber === 2).at(-1)!;
      await store.append(
        gradingStream,
        [
          {
            type: 'ResponseGraded',
            data: {
              ...(last.data as EventOf<'ResponseGraded'>['data']),
              pointsObtained: 2,
              feedback: 'Accepted as the teacher asked.',
              regradeInstructions: 'Give credit for Jove, the Roman name',
              instructionsApplied: 'ai',
              regradeJobId: jobId,
              gradedAt: new Date().toISOString(),
            },
            metadata: {
              tenant: 'demo',
              actorId: String(c.ids.teacher),
              actorRole: 'instructor',
              commandId: `regrade-job:${jobId}:${third}`,
            },
          },
        ],
        { expectedVersion: events.length },
      );
      await store.close();
      await db.close();

      hold = false;
      second = await start();
      const teacher = userWith(second.app, c.teacher.cookies);
      const job = await untilFinished(teacher, jobId);
      expect(job.students.map((s) => s.student_id).sort()).toEqual([c.ids.ada, c.ids.ben, c.ids.cy, c.ids.dee].sort());
      expect(job.students.map((s) => s.outcome)).toEqual(['ai', 'ai', 'ai', 'ai']);
      expect(job.students.every((s) => s.points_obtained === 2)).toBe(true);
      expect(job.students.find((s) => s.student_id === third)).toMatchObject({
        outcome: 'ai',
        note: 'Regraded before the server restarted.',
      });
      // Three of the four students' regrades were asked of the model (the third's grade was found): none twice.
      expect(regradePrompts).toHaveLength(3);
      // With a model configured, the instructions go to it with the answer.
      expect(regradePrompts.every((p) => p.includes('Give credit for Jove, the Roman name'))).toBe(true);
      expect(await jobGrades(second, c, jobId)).toEqual({ ada: 1, ben: 1, cy: 1, dee: 1 });
    } finally {
      release();
      await first?.close();
      await second?.close();
    }
  });
}

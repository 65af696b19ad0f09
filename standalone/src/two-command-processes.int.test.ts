import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, SESSION_CACHE_MS, submissionDecider } from '@evergrade/command-service';
import { CSRF_COOKIE, CSRF_HEADER, streamIds } from '@evergrade/contracts';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone } from './server';
import { addTenQuestionAssignment, signInOverHttp, type HttpUser } from './testing/http';
import { freePort, spawnService, waitUntilUp } from './testing/processes';

const databaseUrl = process.env.DATABASE_URL;

/**
 * Each command process keeps the states it folded (stream-states.ts) and trusts them without reading the stream.
 * Two command processes saving to the same streams (the standalone's and a second `command-service/src/main.ts`):
 * every save acknowledged, each question ending with its newest edit, every command id applied once, and a state one
 * process holds never outliving the other's append (a submit through one refuses the next save through the other).
 */
describe.skipIf(!databaseUrl)(
  `two command-service processes saving to the same streams${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`,
  () => {
    let schema: IsolatedSchema;
    let server: Standalone;
    let child: ChildProcess | undefined;
    let viaServer: HttpUser;
    let viaOther: HttpUser;
    let teacher: HttpUser;
    let teacherOther: HttpUser;
    let other: string;
    let studentId: number;

    beforeAll(async () => {
      schema = await createIsolatedSchema(databaseUrl!, 'twocmd');
      server = await startStandalone({
        port: 0,
        host: '127.0.0.1',
        uiDir: '/nonexistent',
        logLevel: 'silent',
        databaseUrl: schema.connectionString,
      });
      const port = await freePort();
      const service = spawnService('command-service/src/main.ts', {
        DATABASE_URL: schema.connectionString,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      });
      child = service.child;
      other = `http://127.0.0.1:${port}`;
      await waitUntilUp(`${other}/healthz`, service, 90_000);
      teacher = await signInOverHttp(server.url, 'instructor', 'teacher@demo.school');
      teacherOther = await signInOverHttp(other, 'instructor', 'teacher@demo.school');
      viaServer = await signInOverHttp(server.url, 'student', 'student@demo.school');
      viaOther = await signInOverHttp(other, 'student', 'student@demo.school');
      studentId = (await viaServer.get('/students/get-student')).json.studentId;
    }, 180_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await server?.close();
      await schema?.drop();
    });

    const save = (user: HttpUser, assignmentId: number, questionId: number, text: string, at: Date, commandId = randomUUID()) =>
      user.post('/students/set-assignment-response', {
        assignment_id: assignmentId,
        question_id: questionId,
        response_content: text,
        command_id: commandId,
        client_saved_at: at.toISOString(),
      });

    const streamOf = async (assignmentId: number) => server.store.readStream(streamIds.submission('demo', assignmentId, studentId));

    it('acknowledges every save sent to both processes at once; each question ends with its newest edit, each command once', async () => {
      const a = await addTenQuestionAssignment(teacher, 'Two command processes');
      const base = Date.parse('2026-01-01T10:00:00Z');
      // Six edits per question, alternating between the processes, all in flight together.
      const edits = a.questionIds.flatMap((questionId) =>
        Array.from({ length: 6 }, (_, k) => ({ questionId, k, text: `q${questionId} edit ${k}`, commandId: randomUUID() })),
      );
      const replies = await Promise.all(
        edits.map((e, i) => save(i % 2 ? viaOther : viaServer, a.id, e.questionId, e.text, new Date(base + e.k * 1000), e.commandId)),
      );
      expect(replies.map((r) => r.status)).toEqual(edits.map(() => 200));
      // A retried command through the other process than the first time: applied once.
      const again = await save(viaOther, a.id, edits[0]!.questionId, edits[0]!.text, new Date(base), edits[0]!.commandId);
      expect(again.status).toBe(200);
      const recorded = await streamOf(a.id);
      const ids = recorded.map((e) => e.metadata.commandId).filter(Boolean);
      expect(new Set(ids).size).toBe(ids.length);
      const state = fold(submissionDecider, recorded);
      for (const questionId of a.questionIds) expect(state.answers.get(questionId)).toBe(`q${questionId} edit 5`);
    }, 120_000);

    it('a state one process holds does not outlive the other process appending: each save is decided on the stream now', async () => {
      const a = await addTenQuestionAssignment(teacher, 'Stale states');
      const q = a.questionIds[0]!;
      const t = (s: number) => new Date(Date.parse('2026-01-01T11:00:00Z') + s * 1000);
      // Both processes fold the stream, then take turns: each turn follows the other's append.
      for (let i = 0; i < 6; i++) expect((await save(i % 2 ? viaOther : viaServer, a.id, q, `turn ${i}`, t(i))).status).toBe(200);
      // An older edit through the process whose state is behind is still decided on the newest edit (not applied).
      expect((await save(viaServer, a.id, q, 'late older edit', t(2))).status).toBe(200);
      expect(fold(submissionDecider, await streamOf(a.id)).answers.get(q)).toBe('turn 5');
      // Submitted through one process: the other, whose state says in progress, refuses the next save.
      const submitted = await viaOther.post('/students/submit-assignment', {
        assignment_id: a.id,
        responses: {},
        command_id: randomUUID(),
      });
      expect(submitted.status).toBe(200);
      const refused = await save(viaServer, a.id, q, 'after submit', t(10));
      expect(refused.status).toBe(409);
      const state = fold(submissionDecider, await streamOf(a.id));
      expect(state.status).toBe('submitted');
      expect(state.answers.get(q)).toBe('turn 5');
    }, 120_000);
    it('an assignment deleted through one process refuses the next save through the other, which had its context cached', async () => {
      for (const [deleter, saver] of [
        [teacher, viaOther],
        [teacherOther, viaServer],
      ] as const) {
        const a = await addTenQuestionAssignment(teacher, 'Deleted meanwhile');
        const q = a.questionIds[0]!;
        // Both processes fold the assignment's context (and keep it) with a save each.
        expect((await save(viaServer, a.id, q, 'first', new Date())).status).toBe(200);
        expect((await save(viaOther, a.id, q, 'second', new Date())).status).toBe(200);
        expect((await deleter.post('/grader/delete-assignment', { assignment_id: a.id })).status).toBe(200);
        // At once, not after some time: each save reads what was appended to its context's streams since.
        expect((await save(saver, a.id, q, 'after delete', new Date())).status).toBe(404);
        expect(fold(submissionDecider, await streamOf(a.id)).answers.get(q)).toBe('second');
      }
    }, 120_000);

    it('a session ended through one process is refused by the other within SESSION_CACHE_MS', async () => {
      const login = await fetch(`${server.url}/auth/login/student`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'student@demo.school', password: 'Evergrade#2026' }),
      });
      expect(login.status).toBe(200);
      const cookies = Object.fromEntries(login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
      const headers = {
        'content-type': 'application/json',
        cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        [CSRF_HEADER]: cookies[CSRF_COOKIE]!,
      };
      const a = await addTenQuestionAssignment(teacher, 'Signed out meanwhile');
      const saveVia = async (base: string) =>
        (
          await fetch(`${base}/students/set-assignment-response`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ assignment_id: a.id, question_id: a.questionIds[0], response_content: 'x', command_id: randomUUID() }),
          })
        ).status;
      // The other process looks the session up and keeps it.
      expect(await saveVia(other)).toBe(200);
      expect((await fetch(`${server.url}/auth/logout`, { method: 'POST', headers, body: '{}' })).status).toBe(200);
      // Through the process that ended it: at once.
      expect(await saveVia(server.url)).toBe(401);
      // Through the other: once its lookup is older than SESSION_CACHE_MS (waited for by asking again).
      await expect.poll(() => saveVia(other), { timeout: SESSION_CACHE_MS + 10_000, interval: 100 }).toBe(401);
    }, 120_000);
  },
);

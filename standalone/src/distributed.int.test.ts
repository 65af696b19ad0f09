import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { freePort, spawnService, waitUntilUp } from './testing/processes';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)(
  `distributed mode: three processes sharing only PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`,
  () => {
    let schema: IsolatedSchema;
    const children: ChildProcess[] = [];
    let commandPort = 0;
    let queryPort = 0;
    let socket: Socket | undefined;

    const start = (script: string, env: Record<string, string>) => {
      const service = spawnService(script, { ...env, DATABASE_URL: schema.connectionString, LOG_LEVEL: 'warn' });
      children.push(service.child);
      return service;
    };

    beforeAll(async () => {
      schema = await createIsolatedSchema(databaseUrl!, 'dist');
      [commandPort, queryPort] = [await freePort(), await freePort()];
      const command = start('command-service/src/main.ts', { PORT: String(commandPort), SEED_DEMO: 'true' });
      await waitUntilUp(`http://127.0.0.1:${commandPort}/healthz`, command);
      const projectors = start('projectors/src/main.ts', {});
      const query = start('query-service/src/main.ts', { PORT: String(queryPort) });
      await waitUntilUp(`http://127.0.0.1:${queryPort}/healthz`, {
        child: query.child,
        output: () => query.output() + projectors.output(),
      });
    }, 120_000);

    afterAll(async () => {
      socket?.disconnect();
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
        ),
      );
      await schema?.drop();
    });

    it("carries a command's effect from the command process through the projectors to a socket client of the query process", async () => {
      const login = await fetch(`http://127.0.0.1:${commandPort}/auth/login/student`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'student@demo.school', password: 'Evergrade#2026' }),
      });
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
      const cookie = cookies.join('; ');
      const csrf = cookies.find((c) => c.startsWith('csrf_access_token='))!.split('=')[1]!;
      const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };

      let list: Record<string, { assignment_id: number; title: string; status: string }> = {};
      const seeded = () => Object.values(list).some((a) => a.title === "Newton's Laws");
      // The projectors catch up with the seed while we ask: wait for the assignment this test uses.
      for (let i = 0; i < 300 && !seeded(); i++) {
        list = (await (await fetch(`http://127.0.0.1:${queryPort}/students/get-assignments`, { headers })).json()) as typeof list;
        if (!seeded()) await new Promise((r) => setTimeout(r, 100));
      }
      const assignment = Object.values(list).find((a) => a.title === "Newton's Laws")!;
      const questions = (
        (await (
          await fetch(`http://127.0.0.1:${queryPort}/students/get-assignment-questions`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ assignment_id: assignment.assignment_id }),
          })
        ).json()) as { questions: { question_id: number }[] }
      ).questions;

      socket = io(`http://127.0.0.1:${queryPort}`, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie },
        query: { csrf },
      });
      await new Promise<void>((resolve, reject) => {
        socket!.on('connect', () => resolve());
        socket!.on('connect_error', reject);
      });
      const notice = new Promise<{ projection: string; keys: string[] }>((resolve) => {
        socket!.on('projection.updated', (n) => {
          if (n.projection === 'student-assignments') resolve(n);
        });
      });

      const saved = await fetch(`http://127.0.0.1:${commandPort}/students/set-assignment-response`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          assignment_id: assignment.assignment_id,
          question_id: questions[0]!.question_id,
          response_content: 'F = ma',
        }),
      });
      expect(saved.status).toBe(200);
      expect((await notice).keys).toContain(`assignment:${assignment.assignment_id}`);
      const after = (await (await fetch(`http://127.0.0.1:${queryPort}/students/get-assignments`, { headers })).json()) as typeof list;
      expect(after[assignment.assignment_id]!.status).toBe('In Progress');
    });
  },
);

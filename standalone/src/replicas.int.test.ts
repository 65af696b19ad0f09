import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { freePort, spawnService, waitUntilUp } from './testing/processes';
import { redisAnswers } from '@evergrade/query-service/testing/redis';

/**
 * Issue 15 items 3 and 6 on real processes: a command service, the projectors and two query-service replicas sharing
 * PostgreSQL and the socket.io adapter's Redis; a socket client on each replica; /metrics on every process.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'replicas-test-metrics-token-0123456789';

const hasRedis = await redisAnswers(redisUrl);
const skipReason = !databaseUrl ? ' (skipped: DATABASE_URL not set)' : !hasRedis ? ` (skipped: no Redis answers at ${redisUrl})` : '';

type Notice = { projection: string; keys: string[]; position: string };

describe.skipIf(skipReason !== '')(`sockets across query-service replicas (Redis adapter), and /metrics${skipReason}`, () => {
  let schema: IsolatedSchema;
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];
  const ports = { command: 0, projectors: 0, query1: 0, query2: 0 };
  const url = (name: keyof typeof ports, path: string) => `http://127.0.0.1:${ports[name]}${path}`;

  const start = (script: string, env: Record<string, string>) => {
    const service = spawnService(script, { ...env, DATABASE_URL: schema.connectionString, LOG_LEVEL: 'warn', METRICS_TOKEN });
    children.push(service.child);
    return service;
  };

  beforeAll(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'replicas');
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    const command = start('command-service/src/main.ts', { PORT: String(ports.command), SEED_DEMO: 'true' });
    await waitUntilUp(url('command', '/healthz'), command, 90_000);
    const projectors = start('projectors/src/main.ts', { PORT: String(ports.projectors) });
    const shared = { REDIS_URL: redisUrl, GUEST_COOKIE_SECRET: 'replicas-test-guest-secret-0123456789abcdef' };
    const query1 = start('query-service/src/main.ts', { ...shared, PORT: String(ports.query1) });
    const query2 = start('query-service/src/main.ts', { ...shared, PORT: String(ports.query2) });
    await waitUntilUp(url('projectors', '/healthz'), projectors, 90_000);
    await waitUntilUp(url('query1', '/healthz'), query1, 90_000);
    await waitUntilUp(url('query2', '/healthz'), query2, 90_000);
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
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

  it("a save and a submission through the command service reach a socket on each replica, once each; every process's /metrics counts them", async () => {
    const login = await fetch(url('command', '/auth/login/student'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@demo.school', password: 'Evergrade#2026' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const cookie = cookies.join('; ');
    const csrf = cookies.find((c) => c.startsWith('csrf_access_token='))!.split('=')[1]!;
    const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };

    type Listing = Record<string, { assignment_id: number; title: string }>;
    // The projectors catch up with the seed while we ask; both replicas read the same read models.
    let found: Listing[string] | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (await fetch(url('query2', '/students/get-assignments'), { headers })).json()) as Listing;
          return (found = Object.values(list).find((a) => a.title === "Newton's Laws"));
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBeDefined();
    const assignment = found!;
    const questions = (
      (await (
        await fetch(url('query1', '/students/get-assignment-questions'), {
          method: 'POST',
          headers,
          body: JSON.stringify({ assignment_id: assignment.assignment_id }),
        })
      ).json()) as { questions: { question_id: number }[] }
    ).questions;

    const heard: Record<'query1' | 'query2', Notice[]> = { query1: [], query2: [] };
    for (const replica of ['query1', 'query2'] as const) {
      const socket = io(url(replica, ''), { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, query: { csrf } });
      sockets.push(socket);
      socket.on('projection.updated', (n: Notice) => {
        if (n.projection === 'student-assignments') heard[replica].push(n);
      });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      // Asked at once, as the UI re-watches on every connect: the replica is listening before its room lookups end.
      expect(await socket.timeout(10_000).emitWithAck('watch.assignment', { assignment_id: assignment.assignment_id })).toEqual({
        ok: true,
      });
    }

    const key = `assignment:${assignment.assignment_id}`;
    const about = (n: Notice) => n.keys.includes(key);
    const tellings = (notices: Notice[]) => new Set(notices.map((n) => JSON.stringify(n))).size;

    const saved = await fetch(url('command', '/students/set-assignment-response'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ assignment_id: assignment.assignment_id, question_id: questions[0]!.question_id, response_content: 'F = ma' }),
    });
    expect(saved.status).toBe(200);
    for (const replica of ['query1', 'query2'] as const) {
      await expect.poll(() => heard[replica].filter(about).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    }
    const first = heard.query1.find(about)!.position;
    // The submission's notices come after any repeat of the save's would have: each replica tells its sockets once.
    const submitted = await fetch(url('command', '/students/submit-assignment'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ assignment_id: assignment.assignment_id }),
    });
    expect(submitted.status).toBe(200);
    for (const replica of ['query1', 'query2'] as const) {
      await expect
        .poll(() => heard[replica].filter((n) => about(n) && n.position !== first).length, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      expect(tellings(heard[replica])).toBe(heard[replica].length);
    }
    expect(heard.query2.filter((n) => n.position === first)).toEqual(heard.query1.filter((n) => n.position === first));

    const metrics = async (name: keyof typeof ports, init?: RequestInit) => {
      const res = await fetch(url(name, '/metrics'), init);
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const command = await metrics('command');
    expect(command.status).toBe(200);
    expect(command.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const appended = Number(/^evergrade_events_appended_total\{service="command"\} (\d+)/m.exec(command.text)?.[1]);
    expect(appended).toBeGreaterThanOrEqual(2);
    expect(command.text).toMatch(
      /^evergrade_command_duration_seconds_count\{service="command",method="POST",route="\/students\/set-assignment-response",status="200"\} 1$/m,
    );
    await expect
      .poll(async () => (await metrics('projectors')).text, { timeout: 30_000 })
      .toMatch(/^evergrade_projection_lag_events\{projection="student-assignments",service="projectors"\} 0$/m);
    for (const replica of ['query1', 'query2'] as const) {
      expect((await metrics(replica)).text).toMatch(/^evergrade_socket_clients\{service="query"\} 1$/m);
    }

    // Through a proxy (a forwarding header), loopback is not enough: the token is.
    const viaProxy = { 'x-forwarded-for': '203.0.113.9' };
    expect((await metrics('query1', { headers: viaProxy })).status).toBe(403);
    expect((await metrics('projectors', { headers: { ...viaProxy, authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(403);
    expect((await metrics('command', { headers: { ...viaProxy, authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    expect((await metrics('projectors', { headers: { ...viaProxy, authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  }, 120_000);
});

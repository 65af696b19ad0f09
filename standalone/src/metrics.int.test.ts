import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone } from './server';

/**
 * /metrics on the standalone server (issue 15 item 6), over real HTTP: Prometheus text with appends, command latency
 * per route, projection lag and socket clients; loopback clients that came straight here, or a bearer of the token.
 */
const databaseUrl = process.env.DATABASE_URL;
const TOKEN = 'standalone-metrics-token-0123456789';

describe(`GET /metrics on the standalone server (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let server: Standalone;
  let schema: IsolatedSchema | undefined;
  let socket: Socket | undefined;
  const metrics = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    schema = databaseUrl ? await createIsolatedSchema(databaseUrl, 'metrics') : undefined;
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      metricsToken: TOKEN,
      ...(schema ? { databaseUrl: schema.connectionString } : {}),
    });
  }, 120_000);
  afterAll(async () => {
    socket?.disconnect();
    await server?.close();
    await schema?.drop();
  });

  it('counts the seed and a login, times the login per route, reports lag per read model and the connected sockets', async () => {
    const login = await fetch(`${server.url}/auth/login/student`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@demo.school', password: 'Evergrade#2026' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrf_access_token='))!.split('=')[1]!;
    socket = io(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: cookies.join('; ') },
      query: { csrf },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', () => resolve());
      socket!.on('connect_error', reject);
    });

    const m = await metrics();
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // The demo school was seeded through the store this server counts.
    expect(Number(/^evergrade_events_appended_total\{service="standalone"\} (\d+)$/m.exec(m.text)?.[1])).toBeGreaterThan(10);
    expect(m.text).toMatch(
      /^evergrade_command_duration_seconds_count\{service="standalone",method="POST",route="\/auth\/login\/:role",status="200"\} 1$/m,
    );
    expect(m.text).toMatch(/^evergrade_socket_clients\{service="standalone"\} 1$/m);
    await expect
      .poll(async () => (await metrics()).text, { timeout: 60_000 })
      .toMatch(/^evergrade_projection_lag_events\{projection="student-assignments",service="standalone"\} 0$/m);
    expect(m.text).toMatch(/^# TYPE evergrade_projection_lag_seconds gauge$/m);
    // The process's own numbers come along (prom-client's defaults).
    expect(m.text).toMatch(/^process_resident_memory_bytes\{service="standalone"\} \d+/m);
  });

  it('refuses a client that came through a proxy unless it brings the token', async () => {
    const proxied = { 'x-forwarded-for': '198.51.100.7' };
    const refused = await metrics(proxied);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ message: expect.stringContaining('METRICS_TOKEN') });
    expect((await metrics({ ...proxied, authorization: 'Bearer not-the-token-not-the-token' })).status).toBe(403);
    expect((await metrics({ forwarded: 'for=198.51.100.7' })).status).toBe(403);
    const allowed = await metrics({ ...proxied, authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('evergrade_events_appended_total');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { startGateway } from './gateway';

/**
 * Only the operator can read a code: the dev outbox answers loopback clients only (by the socket's address,
 * not X-Forwarded-For), is off when the server listens on another interface unless DEV_OUTBOX=true, and
 * never exists in production.
 */
const quiet = { port: 0, uiDir: '/nonexistent', logLevel: 'silent', seedDemo: false } satisfies Partial<StandaloneOptions>;

/** This machine's first non-loopback IPv4 address: a request to it comes from that address, not from 127.0.0.1. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { headers: { accept: 'application/json', ...headers } }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

async function requestReset(server: Standalone, email: string): Promise<void> {
  await registerTenant(server.store, { tenant: 'oak', actorRole: 'system' }, 'Oak Academy', new Date());
  await registerUser(
    server.store,
    { tenant: 'oak' },
    { email, role: 'student', password: 'Old!pass1', firstName: 'Kim', lastName: 'Park' },
    new Date(),
  );
  const res = await server.app.inject({ method: 'POST', url: '/auth/forgot-password/request', payload: { email } });
  expect(res.statusCode).toBe(200);
}

const loopbackOnly = {
  message: 'The dev outbox can only be read on the server itself (localhost). Codes are also printed in the server log.',
};

describe('dev outbox on a loopback server (the default)', () => {
  let server: Standalone;
  beforeAll(async () => {
    server = await startStandalone({ ...quiet });
    await requestReset(server, 'kim@oak.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('listens on 127.0.0.1 unless a host is given', () => {
    expect((server.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('answers a loopback client with the codes', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await server.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({ to: 'kim@oak.school', subject: expect.stringMatching(/reset/i) });
    }
  });

  it('refuses any other client with 403, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.168.1.9', '::ffff:10.0.0.5', 'fd00::7']) {
      const res = await server.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect({ status: res.statusCode, json: res.json() }).toEqual({ status: 403, json: loopbackOnly });
      expect(res.body).not.toContain('kim@oak.school');
    }
    const page = await server.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '10.0.0.5', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toMatch(/\d{6}/);
  });
});

describe('dev outbox behind a proxy (TRUST_PROXY=true)', () => {
  let server: Standalone;
  beforeAll(async () => {
    server = await startStandalone({ ...quiet, trustProxy: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('still judges by the socket: a forwarded loopback address does not open it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/dev/mail',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('dev outbox on a server listening on every interface', () => {
  const servers: Standalone[] = [];
  const logged: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  const start = async (options: Partial<StandaloneOptions>) => {
    const s = await startStandalone({ ...quiet, host: '0.0.0.0', ...options });
    servers.push(s);
    return s;
  };

  it('has no outbox without DEV_OUTBOX=true, and still prints the codes in the server log', async () => {
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      logged.push(String(line));
    });
    const server = await start({ logLevel: 'warn' });
    expect(server.devOutbox).toBeNull();
    await requestReset(server, 'lee@oak.school');
    const res = await server.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(404);
    expect(logged.join('\n')).toMatch(/\[dev mail\] to lee@oak\.school: .*\n(.|\n)*\d{6}/);
  });

  it.skipIf(!lanAddress)('answers nothing on /dev/mail to a client on the network', async () => {
    const server = await start({});
    const port = (server.app.server.address() as AddressInfo).port;
    expect((await get(`http://${lanAddress}:${port}/dev/mail`)).status).toBe(404);
  });

  it.skipIf(!lanAddress)('with DEV_OUTBOX=true: on, a warning at start, and still loopback clients only', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: unknown) => {
      warnings.push(String(line));
    });
    const server = await start({ mail: { devOutbox: true } });
    expect(server.devOutbox).not.toBeNull();
    expect(warnings.some((w) => w.startsWith('WARNING: DEV_OUTBOX=true') && w.includes('0.0.0.0'))).toBe(true);
    await requestReset(server, 'sam@oak.school');
    const port = (server.app.server.address() as AddressInfo).port;
    const remote = await get(`http://${lanAddress}:${port}/dev/mail`, { 'x-forwarded-for': '127.0.0.1' });
    expect({ status: remote.status, json: JSON.parse(remote.body) }).toEqual({ status: 403, json: loopbackOnly });
    const local = await get(`http://127.0.0.1:${port}/dev/mail`);
    expect(local.status).toBe(200);
    expect(local.body).toContain('sam@oak.school');
  });

  it('never has an outbox in production, even with DEV_OUTBOX=true', async () => {
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const server = await start({ host, mail: { nodeEnv: 'production', devOutbox: true } });
      expect(server.devOutbox).toBeNull();
      expect((await server.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    }
  });
});

describe.skipIf(!lanAddress)('dev outbox through the distributed gateway', () => {
  let query: http.Server;
  let gateway: http.Server;
  let gatewayPort = 0;
  const reached: string[] = [];

  beforeAll(async () => {
    // Stands in for the query process: behind the gateway it would see the gateway's (loopback) address.
    query = http.createServer((req, res) => {
      reached.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => query.listen(0, '127.0.0.1', resolve));
    const queryUrl = `http://127.0.0.1:${(query.address() as AddressInfo).port}`;
    gateway = startGateway({ port: 0, host: '0.0.0.0', commandUrl: queryUrl, queryUrl, uiDir: '/nonexistent' });
    await new Promise<void>((resolve) => gateway.once('listening', resolve));
    gatewayPort = (gateway.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => gateway?.close(resolve));
    await new Promise((resolve) => query?.close(resolve));
  });

  it('refuses a client on the network itself, and passes a loopback client on', async () => {
    const remote = await get(`http://${lanAddress}:${gatewayPort}/dev/mail`, { 'x-forwarded-for': '127.0.0.1' });
    expect({ status: remote.status, json: JSON.parse(remote.body) }).toEqual({ status: 403, json: loopbackOnly });
    expect(reached).toEqual([]);
    expect((await get(`http://127.0.0.1:${gatewayPort}/dev/mail`)).status).toBe(200);
    expect(reached).toEqual(['/dev/mail']);
  });

  it('listens on 127.0.0.1 unless a host is given', async () => {
    const local = startGateway({ port: 0, commandUrl: 'http://127.0.0.1:1', queryUrl: 'http://127.0.0.1:1', uiDir: '/nonexistent' });
    await new Promise<void>((resolve) => local.once('listening', resolve));
    expect((local.address() as AddressInfo).address).toBe('127.0.0.1');
    await new Promise((resolve) => local.close(resolve));
  });
});

/** `npm start` as an operator runs it: the environment decides (HOST, DEV_OUTBOX), not test options. */
describe.skipIf(!lanAddress)('npm start (standalone/src/main.ts)', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const started: { child: ChildProcess; dataDir: string }[] = [];
  const freePort = () =>
    new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
  const start = async (env: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evergrade-outbox-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'standalone/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '',
        DEV_OUTBOX: '',
        NODE_ENV: '',
        DATABASE_URL: '',
        UI_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push({ child, dataDir });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    const deadline = Date.now() + 120_000;
    while (!out.includes('Evergrade is running')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return { port, output: () => out };
  };
  const reachable = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  afterAll(async () => {
    for (const { child, dataDir } of started) {
      if (child.exitCode === null)
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('listens on 127.0.0.1 without HOST: other machines cannot connect', async () => {
    const { port } = await start({});
    expect(await reachable('127.0.0.1', port)).toBe(true);
    expect(await reachable(lanAddress!, port)).toBe(false);
  }, 150_000);

  it('with HOST=0.0.0.0 and DEV_OUTBOX=true warns at start and still shows codes only on this machine', async () => {
    const { port, output } = await start({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' });
    expect(output()).toMatch(/WARNING: DEV_OUTBOX=true.*listening on 0\.0\.0\.0/);
    expect((await get(`http://${lanAddress}:${port}/dev/mail`)).status).toBe(403);
    expect((await get(`http://127.0.0.1:${port}/dev/mail`)).status).toBe(200);
  }, 150_000);
});

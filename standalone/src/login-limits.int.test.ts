import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, registerTenant, registerUser } from '@evergrade/command-service';
import { createIsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';

/**
 * Login limits through the real server: hundreds of parallel guesses are counted atomically, a guesser slows
 * down only their own (account, client) pair, and the owner signs in from elsewhere at once.
 */
const RIGHT = 'Right!pass1';
const ipLimit = 50;

function loginLimitSuite(backend: () => Promise<{ options: Partial<StandaloneOptions>; drop(): Promise<void> }>): void {
  let server: Standalone;
  let drop: () => Promise<void>;
  // The server's clock stands still unless a test moves it, so a slow burst cannot outlast a wait.
  let offsetMs = 0;
  const start = Date.now();

  /** Over real HTTP: every request comes from 127.0.0.1. */
  const overHttp = async (email: string, password: string) => {
    const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/auth/login/student`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as { message?: string } };
  };
  /** Through app.inject from a chosen client address. */
  const from = async (remoteAddress: string, email: string, password: string) => {
    const res = await server.app.inject({ method: 'POST', url: '/auth/login/student', payload: { email, password }, remoteAddress });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null, json: res.json() as { message?: string } };
  };
  const user = (email: string) =>
    registerUser(
      server.store,
      { tenant: 'oak' },
      { email, role: 'student', password: RIGHT, firstName: 'Kim', lastName: 'Park' },
      new Date(),
    );
  const count = (results: { status: number }[], status: number) => results.filter((r) => r.status === status).length;

  beforeAll(async () => {
    const b = await backend();
    drop = b.drop;
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      seedDemo: false,
      // The per-IP limit made small, so a burst can be sent past it; the per-pair backoff is the real one.
      loginLimits: { pair: LOGIN_LIMITS.pair, ip: { limit: ipLimit, windowMs: 15 * 60_000 } },
      now: () => new Date(start + offsetMs),
      ...b.options,
    });
    await registerTenant(server.store, { tenant: 'oak', actorRole: 'system' }, 'Oak Academy', new Date());
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it('keeps the per-IP limit high enough for a school behind one address', () => {
    expect(LOGIN_LIMITS.ip.limit).toBeGreaterThanOrEqual(2000);
    expect(LOGIN_LIMITS.pair.free).toBeGreaterThanOrEqual(3);
  });

  it('lets 5 of 300 parallel guesses at one account from one client through, refuses the rest with 429 and Retry-After', async () => {
    const email = 'target@oak.school';
    await user(email);
    const results = await Promise.all(Array.from({ length: 300 }, () => overHttp(email, 'guess')));
    expect(count(results, 401)).toBe(LOGIN_LIMITS.pair.free);
    expect(count(results, 429)).toBe(300 - LOGIN_LIMITS.pair.free);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused).toEqual({ status: 429, retryAfter: '1', json: { message: 'Too many login attempts. Please try again in 1 second.' } });
    expect(results.filter((r) => r.status === 401).every((r) => r.json.message === 'Email address or password is incorrect')).toBe(true);
  });

  it('lets the owner in at once from another client while the guessing client is slowed, even with the right password', async () => {
    const email = 'target@oak.school';
    expect((await from('10.9.0.2', email, RIGHT)).status).toBe(200);
    // The guesser's pair is untouched by the owner's success: still slowed.
    expect(await overHttp(email, RIGHT)).toMatchObject({ status: 429, retryAfter: '1' });
  });

  it('doubles the wait after each further guess from the slowed client, and a success there clears it', async () => {
    const email = 'target@oak.school';
    offsetMs += 1000;
    expect((await overHttp(email, 'guess')).status).toBe(401);
    expect(await overHttp(email, 'guess')).toMatchObject({ status: 429, retryAfter: '2' });
    offsetMs += 2000;
    expect((await overHttp(email, 'guess')).status).toBe(401);
    expect(await overHttp(email, 'guess')).toMatchObject({ status: 429, retryAfter: '4' });
    offsetMs += 4000;
    expect((await overHttp(email, RIGHT)).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 10 }, () => overHttp(email, 'guess')));
    expect(count(again, 401)).toBe(LOGIN_LIMITS.pair.free);
  });

  it('counts an IPv6 client by its /64, so a fresh address per guess does not reset the wait', async () => {
    const email = 'v6-target@oak.school';
    await user(email);
    for (let i = 0; i < LOGIN_LIMITS.pair.free; i++) expect((await from(`2001:db8:1:2::${i + 10}`, email, 'guess')).status).toBe(401);
    expect((await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd', email, 'guess')).status).toBe(429);
    expect((await from('2001:db8:1:3::5', email, RIGHT)).status).toBe(200);
  });

  it('says minutes once the wait is a minute or more', async () => {
    const email = 'patient-guesser@oak.school';
    await user(email);
    const client = '10.9.5.5';
    for (let i = 0; i < LOGIN_LIMITS.pair.free; i++) expect((await from(client, email, 'guess')).status).toBe(401);
    // 1 s, 2 s, … 64 s: step the clock past each wait and guess again.
    for (let wait = 1; wait < 64; wait *= 2) {
      offsetMs += wait * 1000;
      expect((await from(client, email, 'guess')).status).toBe(401);
    }
    expect(await from(client, email, RIGHT)).toEqual({
      status: 429,
      retryAfter: '64',
      json: { message: 'Too many login attempts. Please try again in 2 minutes.' },
    });
  });

  it(`counts per-IP failures atomically: ${ipLimit} of 300 parallel failures over many accounts get 401, the rest 429`, async () => {
    const school = '10.20.0.1';
    await user('kim@oak.school');
    // Successful sign-ins from the school's address do not count against it.
    for (let i = 0; i < 3; i++) expect((await from(school, 'kim@oak.school', RIGHT)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => from(school, `nobody${i}@oak.school`, 'guess')));
    expect(count(results, 401)).toBe(ipLimit);
    expect(count(results, 429)).toBe(300 - ipLimit);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.json.message).toMatch(/^Too many login attempts\. Please try again in 15 minutes\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(14 * 60);
    expect((await from(school, 'kim@oak.school', RIGHT)).status).toBe(429);
    expect((await from('10.20.0.2', 'kim@oak.school', RIGHT)).status).toBe(200);
  });
}

const databaseUrl = process.env.DATABASE_URL;
describe('login limits on PGlite', () => loginLimitSuite(async () => ({ options: {}, drop: async () => {} })));
describe.skipIf(!databaseUrl)(`login limits on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  loginLimitSuite(async () => {
    const schema = await createIsolatedSchema(databaseUrl!, 'login_limits');
    return { options: { databaseUrl: schema.connectionString }, drop: () => schema.drop() };
  }),
);

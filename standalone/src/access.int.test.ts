import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, routes, routePath, type RouteDef } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { startStandalone, type Standalone } from './server';
import { loginAs, userWith, type TestUser } from './testing/client';

/**
 * Every route of the contracts' table × every kind of caller: the server, not the UI, decides.
 * Bodies are deliberately empty: a caller who may not use a route must hear 401/403, never a 400
 * that describes the route's schema.
 */
type Caller = 'anonymous' | 'student' | 'instructor' | 'admin' | 'analyst';
const callers: Caller[] = ['anonymous', 'student', 'instructor', 'admin', 'analyst'];

let server: Standalone;
const users = {} as Record<Exclude<Caller, 'anonymous'> | 'outsider', TestUser>;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  users.admin = await loginAs(server.app, 'admin', 'admin@demo.school');
  users.analyst = await loginAs(server.app, 'analyst', 'analyst@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  await registerUser(
    server.store,
    other,
    { email: 'head@other.school', role: 'admin', password: 'Pa55word!x', firstName: 'He', lastName: 'Ad' },
    new Date(),
  );
  users.outsider = await loginAs(server.app, 'admin', 'head@other.school', 'Pa55word!x');
});
afterAll(async () => {
  await server?.close();
});

const table = Object.entries(routes as Record<string, RouteDef>).filter(([name]) => name !== 'devMail');
const urlOf = (r: RouteDef) => routePath(r.path, { role: 'student', tenant: 'demo' });

function send(caller: TestUser | null, r: RouteDef, headers: Record<string, string> = {}) {
  const url = urlOf(r);
  const payload = r.method === 'GET' ? {} : { payload: {} };
  if (!caller) return server.app.inject({ method: r.method, url, ...payload, headers });
  // Injected as the test client would send it, but the reply is not parsed: a streamed reply is not one JSON document.
  const cookie = Object.entries(caller.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const csrf = caller.cookies[CSRF_COOKIE] ? { 'x-csrf-token': caller.cookies[CSRF_COOKIE] } : {};
  return server.app.inject({ method: r.method, url, ...payload, headers: { cookie, ...csrf, ...headers } });
}
const statusOf = (res: { statusCode: number }) => res.statusCode;

const expected = (r: RouteDef, caller: Caller): 'allow' | 401 | 403 => {
  if (r.access === 'public') return 'allow';
  // The platform operator's routes need the operator key; no session is enough, and none hears 401 (that means "sign in").
  if (r.access === 'operator') return 403;
  if (caller === 'anonymous') return 401;
  if (r.access === 'authenticated' || r.access === caller) return 'allow';
  if (r.access === 'staff') return caller === 'instructor' || caller === 'admin' ? 'allow' : 403;
  return 403;
};

const emails: Record<Exclude<Caller, 'anonymous'>, string> = {
  student: 'student@demo.school',
  instructor: 'teacher@demo.school',
  admin: 'admin@demo.school',
  analyst: 'analyst@demo.school',
};
/** Logging out ends the session, so that route gets a session of its own. */
const sessionFor = async (caller: Exclude<Caller, 'anonymous'>, r: RouteDef) =>
  r === routes.logout ? loginAs(server.app, caller, emails[caller]) : users[caller];

describe.each(table)('%s', (_name, r) => {
  it.each(callers)('as %s', async (caller) => {
    const status = statusOf(await send(caller === 'anonymous' ? null : await sessionFor(caller, r), r));
    const want = expected(r, caller);
    if (want === 'allow') expect([401, 403]).not.toContain(status);
    else expect(status).toBe(want);
    expect(status).toBeLessThan(500);
  });

  if (r.access !== 'public') {
    it("as a user of another school naming this school's tenant: 403", async () => {
      expect(statusOf(await send(users.outsider, r, { 'x-tenant': 'demo' }))).toBe(403);
    });
  }

  if (r.access === 'operator') {
    it('with the operator key: allowed, whoever is signed in or not', async () => {
      expect([401, 403]).not.toContain(statusOf(await send(null, r, { 'x-operator-key': server.operatorKey })));
      expect([401, 403]).not.toContain(statusOf(await send(users.student, r, { 'x-operator-key': server.operatorKey })));
      expect(statusOf(await send(null, r, { 'x-operator-key': `${server.operatorKey}x` }))).toBe(403);
    });
  }

  if (r.access !== 'public' && r.access !== 'operator' && r.method !== 'GET') {
    it('without the CSRF header: 403', async () => {
      const role =
        r.access === 'authenticated' ? 'student' : r.access === 'staff' ? 'instructor' : (r.access as Exclude<Caller, 'anonymous'>);
      const noCsrf = userWith(server.app, { access_token_cookie: users[role].cookies.access_token_cookie! });
      const res = r.method === 'PUT' ? await noCsrf.put(urlOf(r), {}) : await noCsrf.post(urlOf(r), {});
      expect(res.statusCode).toBe(403);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { CSRF_COOKIE, streamIds } from '@evergrade/contracts';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Who may be an analyst, decided by the school admin as events: the demo analyst signs in only at /auth/login/analyst;
 * the admin grants the role to a teacher (who then also signs in there) and revokes it (their analyst sessions end, their
 * teaching goes on); students cannot hold it; the names setting is the school's own. Nobody but the admin may change
 * either, and another school's admin reaches neither our people nor our setting.
 */
let server: Standalone;
const u = {} as Record<'admin' | 'teacher' | 'student' | 'analyst' | 'outsider', TestUser>;
const PASSWORD = 'Evergrade#2026';

const login = (role: string, email: string, password = PASSWORD) =>
  server.app.inject({ method: 'POST', url: `/auth/login/${role}`, payload: { email, password } });

type Person = { user_id: number; email: string; role: string; analyst: boolean };
const people = async (position?: string | null) => (await u.admin.get('/admin/users', afterPosition(position ?? null))).json as Person[];
const idOf = async (email: string) => (await people()).find((p) => p.email === email)!.user_id;

async function runReport(user: TestUser) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/analyst/run-report',
    payload: { report: 'grade-changes', from: '2020-01-01', to: '2100-01-01' },
    headers: {
      cookie: Object.entries(user.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': user.cookies[CSRF_COOKIE] ?? '',
    },
  });
  expect(res.statusCode).toBe(200);
  const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as { status: string; pseudonymised?: boolean };
  expect(last.status).toBe('complete');
  return last;
}

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  u.admin = await loginAs(server.app, 'admin', 'admin@demo.school');
  u.teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  u.student = await loginAs(server.app, 'student', 'student@demo.school');
  u.analyst = await loginAs(server.app, 'analyst', 'analyst@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  const head = { email: 'head@other.school', role: 'admin' as const, password: 'Pa55word!x', firstName: 'He', lastName: 'Ad' };
  await registerUser(server.store, other, head, new Date());
  u.outsider = await loginAs(server.app, 'admin', 'head@other.school', 'Pa55word!x');
});
afterAll(async () => {
  await server?.close();
});

describe('signing in as an analyst', () => {
  it('the demo analyst signs in at /auth/login/analyst, and only there', async () => {
    const res = await login('analyst', 'analyst@demo.school');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'analyst', tenant: 'demo', email: 'analyst@demo.school' });
    for (const role of ['student', 'instructor', 'admin']) {
      const refused = await login(role, 'analyst@demo.school');
      expect(refused.statusCode, role).toBe(401);
      expect(refused.cookies.find((c) => c.name === 'access_token_cookie')).toBeUndefined();
    }
    expect((await u.analyst.get('/auth/validate-token')).json.data).toMatchObject({ role: 'analyst' });
  });

  it('a teacher without the grant, or a wrong password, is refused at /auth/login/analyst', async () => {
    const teacher = await login('analyst', 'teacher@demo.school');
    expect(teacher.statusCode).toBe(401);
    expect(teacher.json().message).toBe('teacher@demo.school is not registered as an analyst');
    expect((await login('analyst', 'analyst@demo.school', 'wrong-password')).statusCode).toBe(401);
  });

  it('an analyst is no staff: routes for instructors and admins answer 403', async () => {
    expect((await u.analyst.get('/admin/users')).statusCode).toBe(403);
    expect((await u.analyst.post('/admin/set-analyst-names', { allowed: true })).statusCode).toBe(403);
    expect((await u.analyst.get('/instructors/get-instructor')).statusCode).toBe(403);
  });
});

describe('the admin grants and revokes the analyst role', () => {
  it('lists who holds it: the analyst account from its registration', async () => {
    const list = await people();
    expect(list.find((p) => p.email === 'analyst@demo.school')).toMatchObject({ role: 'analyst', analyst: true });
    expect(list.find((p) => p.email === 'teacher@demo.school')).toMatchObject({ role: 'instructor', analyst: false });
  });

  it('a granted teacher signs in as an analyst too; a revoke ends that session but not their teaching', async () => {
    const teacherId = await idOf('teacher@demo.school');
    const granted = await u.admin.post('/admin/set-analyst-access', { user_id: teacherId, allowed: true });
    expect(granted.statusCode).toBe(200);
    expect((await people(granted.json.position)).find((p) => p.user_id === teacherId)!.analyst).toBe(true);
    const events = await server.store.readStream(streamIds.user('demo', teacherId));
    expect(events.at(-1)).toMatchObject({ type: 'AnalystAccessGranted', data: { userId: teacherId }, metadata: { actorRole: 'admin' } });

    const asAnalyst = await loginAs(server.app, 'analyst', 'teacher@demo.school');
    expect((await asAnalyst.get('/auth/validate-token')).json.data).toMatchObject({ role: 'analyst', email: 'teacher@demo.school' });
    expect((await asAnalyst.get('/analyst/reports')).statusCode).toBe(200);
    expect((await asAnalyst.get('/instructors/get-instructor')).statusCode).toBe(403);

    expect((await u.admin.post('/admin/set-analyst-access', { user_id: teacherId, allowed: true })).statusCode).toBe(200);
    expect(await server.store.readStream(streamIds.user('demo', teacherId))).toHaveLength(events.length);

    const revoked = await u.admin.post('/admin/set-analyst-access', { user_id: teacherId, allowed: false });
    expect(revoked.statusCode).toBe(200);
    expect((await asAnalyst.get('/analyst/reports')).statusCode).toBe(401);
    expect((await u.teacher.get('/auth/validate-token')).json.data).toMatchObject({ role: 'instructor' });
    expect((await login('analyst', 'teacher@demo.school')).statusCode).toBe(401);
    expect((await people(revoked.json.position)).find((p) => p.user_id === teacherId)!.analyst).toBe(false);
  });

  it("revoking the analyst account's own role shuts it out; granting it back lets it in", async () => {
    const analystId = await idOf('analyst@demo.school');
    const session = await loginAs(server.app, 'analyst', 'analyst@demo.school');
    await u.admin.post('/admin/set-analyst-access', { user_id: analystId, allowed: false });
    expect((await session.get('/analyst/reports')).statusCode).toBe(401);
    expect((await login('analyst', 'analyst@demo.school')).statusCode).toBe(401);
    await u.admin.post('/admin/set-analyst-access', { user_id: analystId, allowed: true });
    expect((await login('analyst', 'analyst@demo.school')).statusCode).toBe(200);
    u.analyst = await loginAs(server.app, 'analyst', 'analyst@demo.school');
  });

  it('a student cannot hold it (400 on user_id); an unknown person is 404', async () => {
    const studentId = await idOf('student@demo.school');
    const refused = await u.admin.post('/admin/set-analyst-access', { user_id: studentId, allowed: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({ field: 'user_id' });
    expect((await u.admin.post('/admin/set-analyst-access', { user_id: 999_999, allowed: true })).statusCode).toBe(404);
    expect((await u.admin.post('/admin/set-analyst-access', { user_id: studentId })).statusCode).toBe(400);
  });

  it('only the admin may: other roles hear 403, and another school cannot reach our people', async () => {
    const teacherId = await idOf('teacher@demo.school');
    for (const who of [u.teacher, u.student, u.analyst]) {
      expect((await who.post('/admin/set-analyst-access', { user_id: teacherId, allowed: true })).statusCode).toBe(403);
    }
    expect((await u.outsider.post('/admin/set-analyst-access', { user_id: teacherId, allowed: true })).statusCode).toBe(404);
    expect(
      (await u.outsider.post('/admin/set-analyst-access', { user_id: teacherId, allowed: true }, { 'x-tenant': 'demo' })).statusCode,
    ).toBe(403);
    expect((await people()).find((p) => p.user_id === teacherId)!.analyst).toBe(false);
  });
});

describe('the admin creates an analyst account', () => {
  it("for an address of the school: an analyst-only account whose owner sets a password with 'Forgot password'", async () => {
    const body = { email: 'Data.Lead@demo.school', first_name: 'Mary', last_name: 'Somerville' };
    const created = await u.admin.post('/admin/invite-analyst', body);
    expect(created.statusCode).toBe(200);
    const person = (await people(created.json.position)).find((p) => p.user_id === created.json.user_id);
    expect(person).toMatchObject({ email: 'data.lead@demo.school', role: 'analyst', analyst: true });
    expect((await login('analyst', 'data.lead@demo.school', 'Evergrade#2026')).statusCode).toBe(401);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/auth/forgot-password/request',
      payload: { email: 'data.lead@demo.school' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await u.admin.post('/admin/invite-analyst', body)).statusCode).toBe(409);
  });

  it("refuses another school's address (400 on email); other roles hear 403", async () => {
    const refused = await u.admin.post('/admin/invite-analyst', { email: 'someone@other.school', first_name: 'Some', last_name: 'One' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({ field: 'email' });
    for (const who of [u.teacher, u.student, u.analyst]) {
      const res = await who.post('/admin/invite-analyst', { email: 'x@demo.school', first_name: 'X', last_name: 'Y' });
      expect(res.statusCode).toBe(403);
    }
    expect((await people()).some((p) => p.email === 'x@demo.school' || p.email === 'someone@other.school')).toBe(false);
  });
});

describe('the names setting', () => {
  it('is off by default: reports are pseudonymised', async () => {
    expect((await u.admin.get('/admin/school')).json.analyst_names).toBe(false);
    expect((await runReport(u.analyst)).pseudonymised).toBe(true);
  });

  it("the admin turns it on and off as events on the school's stream; reports follow", async () => {
    const on = await u.admin.post('/admin/set-analyst-names', { allowed: true });
    expect(on.statusCode).toBe(200);
    expect((await u.admin.get('/admin/school', afterPosition(on.json.position))).json.analyst_names).toBe(true);
    expect((await runReport(u.analyst)).pseudonymised).toBe(false);
    const off = await u.admin.post('/admin/set-analyst-names', { allowed: false });
    expect((await u.admin.get('/admin/school', afterPosition(off.json.position))).json.analyst_names).toBe(false);
    expect((await runReport(u.analyst)).pseudonymised).toBe(true);
    const changes = (await server.store.readStream(streamIds.tenant('demo'))).filter((e) => e.type === 'AnalystNamesSettingChanged');
    expect(changes.map((e) => e.data.allowNames)).toEqual([true, false]);
  });

  it("is each school's own: another school's admin changes only theirs; other roles hear 403", async () => {
    const theirs = await u.outsider.post('/admin/set-analyst-names', { allowed: true });
    expect(theirs.statusCode).toBe(200);
    expect((await u.outsider.get('/admin/school', afterPosition(theirs.json.position))).json).toMatchObject({
      tenant: 'other',
      analyst_names: true,
    });
    expect((await u.admin.get('/admin/school', afterPosition(theirs.json.position))).json.analyst_names).toBe(false);
    expect((await u.outsider.post('/admin/set-analyst-names', { allowed: false }, { 'x-tenant': 'demo' })).statusCode).toBe(403);
    for (const who of [u.teacher, u.student, u.analyst]) {
      expect((await who.post('/admin/set-analyst-names', { allowed: true })).statusCode).toBe(403);
    }
    expect((await u.admin.post('/admin/set-analyst-names', { allowed: 'yes' })).statusCode).toBe(400);
  });
});

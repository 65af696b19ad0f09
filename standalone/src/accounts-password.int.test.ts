import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamIds } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { createIsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs } from './testing/client';

/** Forgot password, change password, profile names and login throttling, through the real routes. */
const OLD = 'Old!pass1';
const NEW = 'New!pass22';

function passwordSuite(backend: () => Promise<{ options: Partial<StandaloneOptions>; drop(): Promise<void> }>): void {
  let server: Standalone;
  let drop: () => Promise<void>;
  let offsetMs = 0;
  const post = async (url: string, payload: object, remoteAddress?: string) => {
    const res = await server.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
    return { status: res.statusCode, json: res.json() };
  };
  const codeFor = async (email: string) => {
    const mail = (await server.app.inject({ method: 'GET', url: '/dev/mail' })).json() as { to: string; text: string }[];
    return mail.find((m) => m.to === email)?.text.match(/^(\d{6})$/m)?.[1] ?? null;
  };
  const user = (email: string, role: 'student' | 'instructor' = 'student') =>
    registerUser(server.store, { tenant: 'oak' }, { email, role, password: OLD, firstName: 'Kim', lastName: 'Park' }, new Date());
  const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
    post('/auth/login/student', { email, password }, remoteAddress);

  beforeAll(async () => {
    const b = await backend();
    drop = b.drop;
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      seedDemo: false,
      now: () => new Date(Date.now() + offsetMs),
      ...b.options,
    });
    await registerTenant(server.store, { tenant: 'oak', actorRole: 'system' }, 'Oak Academy', new Date());
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  describe('forgot password', () => {
    it('answers 404 for an address with no account', async () => {
      for (const email of ['ghost@oak.school', 'ghost@nowhere.school']) {
        expect(await post('/auth/forgot-password/request', { email })).toEqual({
          status: 404,
          json: { message: 'No account found with this email address.' },
        });
      }
    });

    it('resets with a mailed code: 401 for a wrong code, userType on verify, every session ended', async () => {
      const email = 'kim@oak.school';
      await user(email);
      const [laptop, phone] = [await loginAs(server.app, 'student', email, OLD), await loginAs(server.app, 'student', email, OLD)];
      expect((await post('/auth/forgot-password/request', { email })).status).toBe(200);
      const code = (await codeFor(email))!;
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await post('/auth/forgot-password/verify', { email, code: wrong })).toMatchObject({ status: 401 });
      expect(await post('/auth/forgot-password/verify', { email, code })).toEqual({
        status: 200,
        json: { message: expect.any(String), userType: 'student' },
      });
      expect((await post('/auth/forgot-password/reset', { email, code, password: NEW })).status).toBe(200);
      for (const session of [laptop, phone]) expect((await session.get('/auth/validate-token')).statusCode).toBe(401);
      expect((await login(email, OLD)).status).toBe(401);
      expect((await login(email, NEW)).status).toBe(200);
      const reasons = (await server.store.readStream(streamIds.user('oak', (await login(email, NEW)).json.userId)))
        .filter((e) => e.type === 'PasswordChanged')
        .map((e) => e.data.reason);
      expect(reasons).toEqual(['reset']);
      expect(await post('/auth/forgot-password/reset', { email, code, password: 'Again!pass3' })).toMatchObject({ status: 410 });
    });

    it('answers 410 for an expired code', async () => {
      const email = 'late@oak.school';
      await user(email);
      await post('/auth/forgot-password/request', { email });
      const code = (await codeFor(email))!;
      offsetMs += 121_000;
      expect(await post('/auth/forgot-password/verify', { email, code })).toMatchObject({ status: 410 });
      expect(await post('/auth/forgot-password/reset', { email, code, password: NEW })).toMatchObject({ status: 410 });
      expect((await login(email, OLD)).status).toBe(200);
    });

    it('answers 400 naming the field for a weak new password', async () => {
      const res = await post('/auth/forgot-password/reset', { email: 'kim@oak.school', code: '123456', password: 'short' });
      expect(res).toMatchObject({ status: 400, json: { field: 'password' } });
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password with 400 (a 401 would sign the user out), then changes it and ends only the other sessions', async () => {
      const email = 'alex@oak.school';
      await user(email, 'instructor');
      const here = await loginAs(server.app, 'instructor', email, OLD);
      const elsewhere = await loginAs(server.app, 'instructor', email, OLD);
      const wrong = await here.post('/auth/change-password', { currentPassword: 'nope', newPassword: NEW });
      expect(wrong).toEqual({ statusCode: 400, json: { message: 'Current password is incorrect.', field: 'currentPassword' } });
      expect((await here.post('/auth/change-password', { currentPassword: OLD, newPassword: NEW })).statusCode).toBe(200);
      expect((await here.get('/auth/validate-token')).statusCode).toBe(200);
      expect((await elsewhere.get('/auth/validate-token')).statusCode).toBe(401);
      expect((await post('/auth/login/instructor', { email, password: NEW }, '10.0.0.2')).status).toBe(200);
    });

    it('stops guessing of the current password after 10 tries with 429', async () => {
      await user('guesser@oak.school');
      const u = await loginAs(server.app, 'student', 'guesser@oak.school', OLD);
      for (let i = 0; i < 10; i++)
        expect((await u.post('/auth/change-password', { currentPassword: `guess${i}`, newPassword: NEW })).statusCode).toBe(400);
      expect((await u.post('/auth/change-password', { currentPassword: OLD, newPassword: NEW })).statusCode).toBe(429);
    });

    it('answers 400 naming the field for a weak new password', async () => {
      await user('weak@oak.school');
      const u = await loginAs(server.app, 'student', 'weak@oak.school', OLD);
      expect(await u.post('/auth/change-password', { currentPassword: OLD, newPassword: 'password' })).toMatchObject({
        statusCode: 400,
        json: { field: 'newPassword' },
      });
    });
  });

  describe('profile', () => {
    it('renames a student, and validate-token shows the new name', async () => {
      await user('rename@oak.school');
      const u = await loginAs(server.app, 'student', 'rename@oak.school', OLD);
      const res = await u.post('/students/update-profile', { firstName: 'Kimberly', lastName: 'Park-Lee' });
      expect(res.statusCode).toBe(200);
      expect((await u.get('/auth/validate-token')).json.data).toMatchObject({ firstName: 'Kimberly', lastName: 'Park-Lee' });
      expect((await u.get('/students/get-student', afterPosition(res.json.position))).json).toMatchObject({ firstName: 'Kimberly' });
    });

    it("changes an instructor's name and title", async () => {
      await user('title@oak.school', 'instructor');
      const u = await loginAs(server.app, 'instructor', 'title@oak.school', OLD);
      const res = await u.post('/instructors/update-profile', { firstName: 'Jo', lastName: 'March', title: 'Sir' });
      expect(res.statusCode).toBe(200);
      expect((await u.get('/instructors/get-instructor', afterPosition(res.json.position))).json).toMatchObject({
        firstName: 'Jo',
        title: 'Sir',
      });
      expect((await u.get('/auth/validate-token')).json.data.firstName).toBe('Jo');
    });

    it('answers 400 naming the field for a bad name', async () => {
      const u = await loginAs(server.app, 'student', 'rename@oak.school', OLD);
      expect(await u.post('/students/update-profile', { firstName: 'K1m', lastName: 'Park' })).toMatchObject({
        statusCode: 400,
        json: { field: 'firstName' },
      });
    });
  });
  // Login limits: login-limits.int.test.ts.
}

const databaseUrl = process.env.DATABASE_URL;
describe('passwords and profiles on PGlite', () => passwordSuite(async () => ({ options: {}, drop: async () => {} })));
describe.skipIf(!databaseUrl)(`passwords and profiles on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  passwordSuite(async () => {
    const schema = await createIsolatedSchema(databaseUrl!, 'accounts');
    return { options: { databaseUrl: schema.connectionString }, drop: () => schema.drop() };
  }),
);

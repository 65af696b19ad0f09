import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE, streamIds } from '@evergrade/contracts';
import { registerTenant } from '@evergrade/command-service';
import { createIsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { loginAs } from './testing/client';

/** Instructor and student signup through the real routes; codes are read from GET /dev/mail, as a person reads mail. */
const PASSWORD = 'Str0ng!pass';
const PUPILS = ['pupil1', 'pupil2', 'pupil3', 'pupil4', 'pupil5', 'pupil6'].map((p) => `${p}@oak.school`);

function signupSuite(backend: () => Promise<{ options: Partial<StandaloneOptions>; drop(): Promise<void> }>): void {
  let server: Standalone;
  let drop: () => Promise<void>;
  let offsetMs = 0;
  const post = async (url: string, payload: object) => {
    const res = await server.app.inject({ method: 'POST', url, payload });
    return { status: res.statusCode, json: res.json() };
  };
  const codeFor = async (email: string) => {
    const mail = (await server.app.inject({ method: 'GET', url: '/dev/mail' })).json() as { to: string; text: string }[];
    return mail.find((m) => m.to === email)?.text.match(/^(\d{6})$/m)?.[1] ?? null;
  };
  const requestCode = (email: string, type: 'instructor' | 'student' = 'instructor', school = 'oak') =>
    post('/auth/signup/request-verification', { email, school, type });
  const verify = (email: string, code: string) => post('/auth/signup/verify-code', { email, code });
  const instructor = (email: string, extra: object = {}) => ({
    email,
    password: PASSWORD,
    firstName: 'Rosa',
    lastName: "O'Neil",
    school: 'Oak Academy',
    preferredTitle: 'Dr.',
    ...extra,
  });
  const student = (email: string, extra: object = {}) => ({
    email,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Lee',
    school: 'oak',
    grade: '9',
    ...extra,
  });
  const verified = async (email: string, type: 'instructor' | 'student' = 'instructor') => {
    expect((await requestCode(email, type)).status).toBe(200);
    expect((await verify(email, (await codeFor(email))!)).status).toBe(200);
  };
  const caughtUp = async () => server.runner.reached((await server.store.readAll({ limit: 100_000 })).at(-1)!.globalPosition);

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
    const now = new Date();
    await registerTenant(server.store, { tenant: 'oak', actorRole: 'system' }, 'Oak Academy', now);
    await registerTenant(server.store, { tenant: 'elm', actorRole: 'system' }, 'Elm High', now);
    await server.store.append(
      streamIds.tenant('oak'),
      [
        { type: 'AuthorizedDomainAdded', data: { domain: 'oak.school' } },
        ...PUPILS.map((email) => ({ type: 'StudentPreapproved', data: { email } })),
      ],
      { expectedVersion: 'any' },
    );
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it('signs an instructor up end to end: code by mail, verify, create, then log in', async () => {
    const email = 'rosa.oneil@oak.school';
    const asked = await requestCode(email, 'instructor', 'Oak Academy');
    expect(asked).toMatchObject({ status: 200, json: { message: expect.any(String) } });
    const mail = (await server.app.inject({ method: 'GET', url: '/dev/mail' })).json()[0];
    expect(mail).toMatchObject({ to: email, text: expect.stringContaining('expires in 2 minutes') });
    expect(await verify(email, (await codeFor(email))!)).toEqual({
      status: 200,
      json: { message: expect.any(String), school: 'Oak Academy' },
    });
    const created = await post('/auth/signup/instructor', instructor(email));
    expect(created).toMatchObject({ status: 200, json: { userId: expect.any(Number) } });
    const teacher = await loginAs(server.app, 'instructor', email, PASSWORD);
    expect((await teacher.get('/auth/validate-token')).json.data).toMatchObject({ role: 'instructor', tenant: 'oak', firstName: 'Rosa' });
    await caughtUp();
    expect((await teacher.get('/instructors/get-instructor')).json).toMatchObject({ instructorId: created.json.userId, title: 'Dr.' });
  });

  it('signs the new account in: session and CSRF cookies as at login, so it lands on its home', async () => {
    const email = 'signed.in@oak.school';
    await verified(email);
    const res = await server.app.inject({ method: 'POST', url: '/auth/signup/instructor', payload: instructor(email) });
    expect(res.statusCode).toBe(200);
    const user = { role: 'instructor', tenant: 'oak', email, firstName: 'Rosa', lastName: "O'Neil" };
    expect(res.json()).toMatchObject({ userId: expect.any(Number), user: { ...user, userId: res.json().userId } });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies[SESSION_COOKIE]).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookies[CSRF_COOKIE]?.value).toMatch(/.{16,}/);
    const session = await server.app.inject({
      method: 'GET',
      url: '/auth/validate-token',
      cookies: { [SESSION_COOKIE]: cookies[SESSION_COOKIE]!.value },
    });
    expect(session.json()).toEqual({ status: 'success', data: { ...user, userId: res.json().userId } });
  });

  it('signs a pre-approved student up with their grade as class, signed in as a student', async () => {
    await verified(PUPILS[0]!, 'student');
    const created = await server.app.inject({ method: 'POST', url: '/auth/signup/student', payload: student(PUPILS[0]!) });
    expect(created.json()).toMatchObject({ user: { role: 'student', email: PUPILS[0], tenant: 'oak' } });
    const token = created.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const session = await server.app.inject({ method: 'GET', url: '/auth/validate-token', cookies: { [SESSION_COOKIE]: token } });
    expect(session.json().data).toMatchObject({ role: 'student', firstName: 'Sam' });
    const pupil = await loginAs(server.app, 'student', PUPILS[0]!, PASSWORD);
    await caughtUp();
    expect((await pupil.get('/students/get-student')).json).toMatchObject({ email: PUPILS[0], class: '9', firstName: 'Sam' });
  });

  it('uses a code once: after the account exists it is 410, and asking again is 409', async () => {
    const email = 'once@oak.school';
    await verified(email);
    const code = (await codeFor(email))!;
    expect((await post('/auth/signup/instructor', instructor(email))).status).toBe(200);
    expect(await verify(email, code)).toMatchObject({
      status: 410,
      json: { message: 'Verification code has expired. Please request a new one.' },
    });
    expect(await requestCode(email)).toMatchObject({ status: 409, json: { message: 'This email is already registered.' } });
    expect(await post('/auth/signup/instructor', instructor(email))).toMatchObject({
      status: 409,
      json: { message: 'Email already registered.' },
    });
  });

  it.each([
    [
      'an instructor outside the authorised domains',
      'someone@oak.example',
      'instructor',
      'oak',
      'This email domain is not authorized for signup.',
    ],
    ['a student not pre-approved', 'stranger@oak.school', 'student', 'oak', 'This email address is not authorized for signup.'],
    ['a link naming another school', 'ok@oak.school', 'instructor', 'Elm High', 'This email domain is not authorized for signup.'],
    ['an unknown school', 'x@nowhere.school', 'instructor', 'nowhere', 'This email domain is not authorized for signup.'],
  ] as const)('refuses %s with 403', async (_name, email, type, school, message) => {
    expect(await requestCode(email, type, school)).toEqual({ status: 403, json: { message } });
  });

  it('accepts the school by tenant id or display name, in any case', async () => {
    for (const [i, school] of ['OAK', 'oak academy'].entries()) {
      expect((await requestCode(`case${i}@oak.school`, 'instructor', school)).status).toBe(200);
    }
  });

  it('answers 401 for a wrong code and locks it after five', async () => {
    const email = 'typo@oak.school';
    await requestCode(email);
    const code = (await codeFor(email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await verify(email, wrong)).toEqual({ status: 401, json: { message: 'Invalid verification code. Please try again.' } });
    for (let i = 0; i < 4; i++) expect((await verify(email, wrong)).status).toBe(401);
    expect((await verify(email, code)).status).toBe(410);
  });

  it('answers 410 after 120 seconds, and a new code (after 30 s) works', async () => {
    const email = 'slow@oak.school';
    await requestCode(email);
    const old = (await codeFor(email))!;
    expect(await requestCode(email)).toMatchObject({ status: 429, json: { message: expect.stringMatching(/Please wait \d+ seconds/) } });
    offsetMs += 121_000;
    expect((await verify(email, old)).status).toBe(410);
    expect((await requestCode(email)).status).toBe(200);
    const fresh = (await codeFor(email))!;
    if (fresh !== old) expect((await verify(email, old)).status).toBe(401);
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it('limits code requests to five per address in 15 minutes', async () => {
    const email = 'eager@oak.school';
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(email)).status).toBe(200);
      offsetMs += 31_000;
    }
    expect(await requestCode(email)).toMatchObject({ status: 429, json: { message: expect.stringMatching(/try again in \d+ minutes/) } });
  });

  it('refuses to create an account without a verified code, or as another role than verified', async () => {
    const notVerified = { status: 403, json: { message: 'Email not verified. Please start over.' } };
    expect(await post('/auth/signup/instructor', instructor('never@oak.school'))).toEqual(notVerified);
    await requestCode('unverified@oak.school');
    expect(await post('/auth/signup/instructor', instructor('unverified@oak.school'))).toEqual(notVerified);
    await verified(PUPILS[1]!, 'student');
    // A pre-approved student address is in the authorised domain too, but was verified as a student.
    expect(await post('/auth/signup/instructor', instructor(PUPILS[1]!))).toEqual(notVerified);
  });

  it('registers an address once when signups race: one succeeds, the rest 409', async () => {
    const email = 'racer@oak.school';
    await verified(email);
    const attempts = Array.from({ length: 8 }, (_, i) =>
      post('/auth/signup/instructor', instructor(email, { password: `Str0ng!pass${i}` })),
    );
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.findIndex((r) => r.status === 200);
    await loginAs(server.app, 'instructor', email, `Str0ng!pass${winner}`);
    const reserved = await server.store.readStream(streamIds.userEmail('oak', email));
    expect(reserved.map((e) => e.type)).toEqual(['EmailReserved']);
  });

  it('stores only a hash of the code', async () => {
    const email = PUPILS[2]!;
    await requestCode(email, 'student');
    const code = (await codeFor(email))!;
    const events = await server.store.readStream(streamIds.verification('oak', 'signup', email));
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it("serves a school's branding, 404 for an unknown one", async () => {
    await caughtUp();
    expect((await server.app.inject({ method: 'GET', url: '/auth/school/oak' })).json()).toEqual({
      tenant: 'oak',
      name: 'Oak Academy',
      logo_url: null,
    });
    const unknown = await server.app.inject({ method: 'GET', url: '/auth/school/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('School not found');
  });

  it.each([
    ['/auth/signup/request-verification', { email: 'a@oak.school' }, 'school'],
    ['/auth/signup/request-verification', { email: 'not-an-address', school: 'oak' }, 'email'],
    ['/auth/signup/verify-code', { email: 'a@oak.school', code: '12ab' }, 'code'],
    ['/auth/signup/instructor', { ...instructor('a@oak.school'), password: 'weak' }, 'password'],
    ['/auth/signup/instructor', { ...instructor('a@oak.school'), firstName: 'X' }, 'firstName'],
    ['/auth/signup/student', { ...student('a@oak.school'), grade: '5' }, 'grade'],
  ])('answers 400 naming the field: %s %j', async (url, body, field) => {
    const res = await post(url, body);
    expect(res.status).toBe(400);
    expect(res.json.field).toBe(field);
  });
}

const databaseUrl = process.env.DATABASE_URL;
describe('signup on PGlite', () => signupSuite(async () => ({ options: {}, drop: async () => {} })));
describe.skipIf(!databaseUrl)(`signup on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  signupSuite(async () => {
    const schema = await createIsolatedSchema(databaseUrl!, 'accounts');
    return { options: { databaseUrl: schema.connectionString }, drop: () => schema.drop() };
  }),
);

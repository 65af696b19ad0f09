import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_REPORT_MESSAGES as M, type ProblemReport } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/** "Report a problem": the operator's form when FEEDBACK_URL is set, else the in-app form whose reports the school's admin reads. */
let server: Standalone;
let student: TestUser;
let teacher: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  student = await loginAs(server.app, 'student', 'student@demo.school');
  teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  admin = await loginAs(server.app, 'admin', 'admin@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  await registerUser(
    server.store,
    other,
    { email: 'head@other.school', role: 'admin', password: 'Pa55word!x', firstName: 'He', lastName: 'Ad' },
    new Date(),
  );
  otherAdmin = await loginAs(server.app, 'admin', 'head@other.school', 'Pa55word!x');
});
afterAll(async () => {
  await server?.close();
});

const report = (u: TestUser, body: object) => u.post('/support/report-problem', body);
const reportsOf = async (u: TestUser, position: string | null = null) => await u.get('/admin/problem-reports', afterPosition(position));

describe('the feedback form setting', () => {
  it('is null without FEEDBACK_URL (the in-app form), for anyone, signed in or not', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/support/config' });
    expect([res.statusCode, res.json()]).toEqual([200, { feedback_url: null }]);
  });

  it("is the operator's URL when FEEDBACK_URL is set", async () => {
    const withUrl = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      seedDemo: false,
      feedbackUrl: 'https://forms.example.org/evergrade',
    });
    try {
      expect((await withUrl.app.inject({ method: 'GET', url: '/support/config' })).json()).toEqual({
        feedback_url: 'https://forms.example.org/evergrade',
      });
    } finally {
      await withUrl.close();
    }
  });
});

describe('reporting a problem', () => {
  it("stores a student's and an instructor's reports and lists them, newest first, for their school's admin only", async () => {
    const first = await report(student, {
      category: 'Something is broken',
      message: '  The Submit button does nothing on question 3.  ',
      page: '/student/assignments/7',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({ success: true, report_id: expect.any(Number), position: expect.any(String) });
    const second = await report(teacher, { category: 'An idea or request', message: 'Let me copy an assignment to another course.' });
    expect(second.statusCode).toBe(200);
    const list = await reportsOf(admin, second.json.position);
    expect(list.statusCode).toBe(200);
    const mine = (list.json as ProblemReport[]).filter((r) => [first.json.report_id, second.json.report_id].includes(r.report_id));
    expect(mine).toEqual([
      {
        report_id: second.json.report_id,
        category: 'An idea or request',
        message: 'Let me copy an assignment to another course.',
        page: null,
        reporter: { user_id: expect.any(Number), role: 'instructor', name: expect.any(String), email: 'teacher@demo.school' },
        reported_at: expect.any(String),
      },
      {
        report_id: first.json.report_id,
        category: 'Something is broken',
        message: 'The Submit button does nothing on question 3.',
        page: '/student/assignments/7',
        reporter: { user_id: expect.any(Number), role: 'student', name: expect.any(String), email: 'student@demo.school' },
        reported_at: expect.any(String),
      },
    ]);
    // Another school's admin sees none of them; students and instructors may not read the list.
    expect((await reportsOf(otherAdmin, second.json.position)).json).toEqual([]);
    expect((await reportsOf(student)).statusCode).toBe(403);
    expect((await reportsOf(teacher)).statusCode).toBe(403);
  });

  it('an admin can report too, and an empty school lists nothing', async () => {
    const other = await otherAdmin.get('/admin/problem-reports');
    expect([other.statusCode, other.json]).toEqual([200, []]);
    expect((await report(admin, { category: 'Other', message: 'The logo looks blurry.' })).statusCode).toBe(200);
  });

  it.each([
    ['no category', { message: 'Broken' }, M.category],
    ['an unknown category', { category: 'Spam', message: 'Broken' }, M.category],
    ['no description', { category: 'Other' }, M.message],
    ['a blank description', { category: 'Other', message: '   ' }, M.message],
    ['a description over 5000 characters', { category: 'Other', message: 'x'.repeat(5001) }, M.messageTooLong],
    ['a page that is a full URL', { category: 'Other', message: 'Broken', page: 'https://evil.example/' }, M.page],
    ['a page that is not a path', { category: 'Other', message: 'Broken', page: 'student' }, M.page],
  ])('refuses %s with 400 and a clear message', async (_name, body, message) => {
    const res = await report(student, body);
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toContain(message);
  });

  it('refuses anyone not signed in (401)', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/support/report-problem', payload: { category: 'Other', message: 'Hi' } });
    expect(res.statusCode).toBe(401);
  });

  it('allows 10 reports an hour per person, then says when to try again (429)', async () => {
    const pupil = await loginAs(server.app, 'student', 'student2@demo.school');
    for (let i = 0; i < 10; i++) expect((await report(pupil, { category: 'Other', message: `Report ${i}` })).statusCode).toBe(200);
    const more = await report(pupil, { category: 'Other', message: 'One more' });
    expect(more.statusCode).toBe(429);
    expect(more.json.message).toMatch(/^You have sent several reports in a short time\. Please try again in \d+ minutes?\.$/);
    expect((await report(student, { category: 'Other', message: 'Someone else is not held back' })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

let server: Standalone;
let admin: TestUser;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  admin = await loginAs(server.app, 'admin', 'admin@demo.school');
});
afterAll(async () => {
  await server?.close();
});

const userByEmail = async (email: string, position?: string | null) =>
  (
    (await admin.get('/admin/users', afterPosition(position ?? null))).json as {
      user_id: number;
      email: string;
      class: string;
      section: string;
    }[]
  ).find((u) => u.email === email)!;

describe('a school admin', () => {
  it('sees the school with its authorised domain and pre-approved students', async () => {
    const school = (await admin.get('/admin/school')).json;
    expect(school).toMatchObject({ tenant: 'demo', name: 'Demo School', authorized_domains: ['demo.school'] });
    expect(school.preapproved_students).toEqual([
      { email: 'new.student@demo.school', registered: false },
      { email: 'pupil@demo.school', registered: false },
    ]);
  });

  it('manages branding, domains and pre-approvals, one by one and by CSV', async () => {
    const branded = await admin.post('/admin/update-school', { name: 'Demo High School', logo_url: 'https://demo.school/logo.png' });
    expect(branded.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/auth/school/demo', headers: afterPosition(branded.json.position) })).statusCode,
    ).not.toBe(500);
    expect((await admin.post('/admin/add-authorized-domain', { domain: 'Staff.Demo.School' })).statusCode).toBe(200);
    expect((await admin.post('/admin/add-authorized-domain', { domain: 'not a domain' })).json).toMatchObject({ field: 'domain' });
    await admin.post('/admin/preapprove-student', { email: 'one@demo.school' });
    const imported = await admin.post('/admin/import-preapproved-students', { csv: 'email\ntwo@demo.school\nbad\none@demo.school\n' });
    expect(imported.json.added).toEqual(['two@demo.school']);
    expect(imported.json.skipped).toEqual([
      { line: 3, value: 'bad', reason: 'not a valid e-mail address' },
      { line: 4, value: 'one@demo.school', reason: 'already pre-approved' },
    ]);
    const revoked = await admin.post('/admin/revoke-preapproved-student', { email: 'pupil@demo.school' });
    const school = (await admin.get('/admin/school', afterPosition(revoked.json.position))).json;
    expect(school.name).toBe('Demo High School');
    expect(school.logo_url).toBe('https://demo.school/logo.png');
    expect(school.authorized_domains).toEqual(['demo.school', 'staff.demo.school']);
    expect(school.preapproved_students.map((p: { email: string }) => p.email)).toEqual([
      'new.student@demo.school',
      'one@demo.school',
      'two@demo.school',
    ]);
  });

  it('creates a course with a unique code, assigns an instructor and enrols a student, who then sees it', async () => {
    const created = await admin.post('/admin/create-course', {
      course_code: 'HIST9',
      course_name: 'History',
      course_class: '9',
      subject: 'History',
    });
    expect(created.statusCode).toBe(200);
    const again = await admin.post('/admin/create-course', {
      course_code: 'hist9',
      course_name: 'History again',
      course_class: '9',
      subject: 'History',
    });
    expect(again.statusCode).toBe(409);
    const teacher = await userByEmail('teacher@demo.school');
    const student = await userByEmail('student2@demo.school');
    const courseId = created.json.course_id;
    await admin.post('/admin/assign-instructor', { course_id: courseId, instructor_id: teacher.user_id });
    const enrolled = await admin.post('/admin/enroll-student', { course_id: courseId, student_id: student.user_id });
    expect(enrolled.statusCode).toBe(200);
    expect((await admin.post('/admin/enroll-student', { course_id: courseId, student_id: teacher.user_id })).statusCode).toBe(404);
    const courses = (await admin.get('/admin/courses', afterPosition(enrolled.json.position))).json;
    expect(courses.find((c: { course_code: string }) => c.course_code === 'HIST9')).toMatchObject({
      instructors: [{ email: 'teacher@demo.school' }],
      students: [{ email: 'student2@demo.school' }],
    });
    const pupil = await loginAs(server.app, 'student', 'student2@demo.school');
    const mine = (await pupil.get('/students/get-courses', afterPosition(enrolled.json.position))).json;
    expect(mine.map((c: { course_code: string }) => c.course_code)).toContain('HIST9');
    const left = await admin.post('/admin/unenroll-student', { course_id: courseId, student_id: student.user_id });
    const after = (await pupil.get('/students/get-courses', afterPosition(left.json.position))).json;
    expect(after.map((c: { course_code: string }) => c.course_code)).not.toContain('HIST9');
  });

  it("changes a user's e-mail, class and section; the old address is free again and old sessions end", async () => {
    const before = await loginAs(server.app, 'student', 'student2@demo.school');
    const student = await userByEmail('student2@demo.school');
    const taken = await admin.post('/admin/update-user', { user_id: student.user_id, email: 'student@demo.school' });
    expect(taken.statusCode).toBe(409);
    const changed = await admin.post('/admin/update-user', {
      user_id: student.user_id,
      email: 'emmy@demo.school',
      class: '11',
      section: 'B',
    });
    expect(changed.statusCode).toBe(200);
    expect(await userByEmail('emmy@demo.school', changed.json.position)).toMatchObject({ class: '11', section: 'B' });
    expect((await before.get('/auth/validate-token')).statusCode).toBe(401);
    await loginAs(server.app, 'student', 'emmy@demo.school');
    const back = await admin.post('/admin/update-user', { user_id: student.user_id, email: 'student2@demo.school' });
    expect(back.statusCode).toBe(200);
    await loginAs(server.app, 'student', 'student2@demo.school');
  });

  it('cannot touch a user of another school: 404', async () => {
    expect((await admin.post('/admin/update-user', { user_id: 99_999, class: '9' })).statusCode).toBe(404);
  });
});

describe('the dev outbox', () => {
  it('is JSON for tools and a page for a browser, at the same path', async () => {
    await server.app.inject({ method: 'POST', url: '/auth/forgot-password/request', payload: { email: 'student@demo.school' } });
    const json = await server.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(json.json()[0]).toMatchObject({ to: 'student@demo.school' });
    const page = await server.app.inject({ method: 'GET', url: '/dev/mail', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Dev outbox');
    expect(page.body).toContain('student@demo.school');
  });
});

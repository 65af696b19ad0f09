import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, StudentAssignmentsSchema, type StudentAssignment } from '@evergrade/contracts';
import { changeMembership, createCourse, registerTenant, registerUser, createAssignment } from '@evergrade/command-service';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, userWith, type TestUser } from './testing/client';

/** The first slice through every layer, over real HTTP routes (app.inject) on the given database. */
export function sliceSuite(backend: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let student: TestUser;
  let student2: TestUser;
  let outsider: TestUser;
  let list: Record<string, StudentAssignment>;
  const byTitle = (title: string) => Object.values(list).find((a) => a.title === title)!;

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await backend()) });
    const now = new Date();
    const other = { tenant: 'other', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Other School', now);
    const teacher = await registerUser(
      server.store,
      other,
      { email: 't@other.school', role: 'instructor', password: 'Pa55word!', firstName: 'Tee', lastName: 'Cher' },
      now,
    );
    const pupil = await registerUser(
      server.store,
      other,
      { email: 'p@other.school', role: 'student', password: 'Pa55word!', firstName: 'Pu', lastName: 'Pil' },
      now,
    );
    const { courseId: course } = await createCourse(
      server.store,
      other,
      { courseCode: 'X1', courseName: 'X', courseClass: '9', subject: 'History', instructorIds: [teacher] },
      now,
    );
    await changeMembership(server.store, other, 'EnrollStudent', course, pupil, now);
    await createAssignment(
      server.store,
      { ...other, actorId: teacher },
      {
        courseId: course,
        title: 'Other school work',
        assigned: now,
        due: new Date(now.getTime() + 86_400_000),
        timeLimitSeconds: null,
        publish: true,
        questions: [{ content: 'Q', marksPossible: 1 }],
      },
      now,
    );
    student = await loginAs(server.app, 'student', 'student@demo.school');
    student2 = await loginAs(server.app, 'student', 'student2@demo.school');
    outsider = await loginAs(server.app, 'student', 'p@other.school', 'Pa55word!');
    const positions = await server.store.readAll({ limit: 10_000 });
    await server.runner.reached(positions.at(-1)!.globalPosition);
    const res = await student.get('/students/get-assignments');
    list = StudentAssignmentsSchema.parse(res.json);
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('auth', () => {
    it('refuses wrong credentials with the spec message', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/auth/login/student',
        payload: { email: 'student@demo.school', password: 'nope' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.loginFailed });
    });

    it("tells a user who picked the wrong role that they are 'not registered' as that role", async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/auth/login/instructor',
        payload: { email: 'student@demo.school', password: 'Evergrade#2026' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain('not registered');
    });

    it('sets an httpOnly session cookie and a readable CSRF cookie', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/auth/login/student',
        payload: { email: 'student@demo.school', password: 'Evergrade#2026' },
      });
      const session = res.cookies.find((c) => c.name === 'access_token_cookie')!;
      const csrf = res.cookies.find((c) => c.name === 'csrf_access_token')!;
      expect(session.httpOnly).toBe(true);
      expect(session.sameSite).toBe('Lax');
      expect(csrf.httpOnly).toBeFalsy();
      expect(res.json()).toMatchObject({ role: 'student', tenant: 'demo', email: 'student@demo.school' });
    });

    it('validates the token with the role, and 401 when signed out', async () => {
      expect((await student.get('/auth/validate-token')).json).toMatchObject({
        status: 'success',
        data: { role: 'student', tenant: 'demo' },
      });
      expect((await server.app.inject({ method: 'GET', url: '/auth/validate-token' })).statusCode).toBe(401);
    });

    it('refuses a state change without the CSRF header', async () => {
      const noCsrf = userWith(server.app, { access_token_cookie: student.cookies.access_token_cookie! });
      const a = byTitle('Quadratic Equations');
      const res = await noCsrf.post('/students/set-assignment-response', {
        assignment_id: a.assignment_id,
        question_id: 1,
        response_content: 'x',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json.message).toBe(MESSAGES.csrfMissing);
    });

    it('refuses a session used under another tenant header', async () => {
      expect((await student.get('/students/get-assignments', { 'x-tenant': 'other' })).statusCode).toBe(403);
    });

    it('refuses a student on an instructor route', async () => {
      expect((await student.get('/instructors/get-instructor')).statusCode).toBe(403);
    });

    it('logs out: the session stops working', async () => {
      const u = await loginAs(server.app, 'student', 'student2@demo.school');
      expect((await u.post('/auth/logout')).statusCode).toBe(200);
      expect((await u.get('/auth/validate-token')).statusCode).toBe(401);
    });
  });

  describe('the student slice', () => {
    it("lists the student's assignments keyed by id, upcoming and past, Incomplete at first", () => {
      expect(Object.keys(list)).toHaveLength(4);
      for (const [id, a] of Object.entries(list)) expect(String(a.assignment_id)).toBe(id);
      expect(byTitle('Quadratic Equations')).toMatchObject({
        status: 'Incomplete',
        course: 'Mathematics',
        question_count: 3,
        marks_total: 10,
      });
      expect(new Date(byTitle('Linear Functions Review').due).getTime()).toBeLessThan(Date.now());
    });

    it('saves an answer as an event, moves the status to In Progress and shows it in the questions', async () => {
      const a = byTitle('Quadratic Equations');
      const q = (await student.post('/students/get-assignment-questions', { assignment_id: a.assignment_id })).json.questions;
      expect(q.map((x: { question_number: number }) => x.question_number)).toEqual([1, 2, 3]);
      const saved = await student.post('/students/set-assignment-response', {
        assignment_id: a.assignment_id,
        question_id: q[0].question_id,
        response_content: 'x = 2 or x = 3',
      });
      expect(saved.statusCode).toBe(200);
      const events = await server.store.readStream(
        `submission:demo:${a.assignment_id}:${(await student.get('/students/get-student')).json.studentId}`,
      );
      expect(events.map((e) => e.type)).toEqual(['AnswerSaved']);
      const after = afterPosition(saved.json.position);
      expect((await student.get('/students/get-assignments', after)).json[a.assignment_id].status).toBe('In Progress');
      const again = (await student.post('/students/get-assignment-questions', { assignment_id: a.assignment_id }, after)).json.questions;
      expect(again[0].response_content).toBe('x = 2 or x = 3');
    });

    it('applies a retried save with the same command id once', async () => {
      const a = byTitle("Newton's Laws");
      const q = (await student.post('/students/get-assignment-questions', { assignment_id: a.assignment_id })).json.questions;
      const body = {
        assignment_id: a.assignment_id,
        question_id: q[0].question_id,
        response_content: 'F = ma',
        command_id: crypto.randomUUID(),
      };
      const first = await student.post('/students/set-assignment-response', body);
      const newer = await student.post('/students/set-assignment-response', {
        ...body,
        command_id: crypto.randomUUID(),
        response_content: 'F = m a (newer)',
      });
      const retry = await student.post('/students/set-assignment-response', body);
      expect(retry.statusCode).toBe(200);
      expect(retry.json.position).toBe(first.json.position);
      const again = (
        await student.post('/students/get-assignment-questions', { assignment_id: a.assignment_id }, afterPosition(newer.json.position))
      ).json.questions;
      expect(again[0].response_content).toBe('F = m a (newer)');
    });

    it("keeps one student's answers from another", async () => {
      const a = byTitle('Quadratic Equations');
      const q = (await student2.post('/students/get-assignment-questions', { assignment_id: a.assignment_id })).json.questions;
      expect(q[0].response_content).toBeNull();
      expect((await student2.get('/students/get-assignments')).json[a.assignment_id].status).toBe('Incomplete');
    });

    it("hides another school's assignments from a student and this school's from the other", async () => {
      const a = byTitle('Quadratic Equations');
      expect((await outsider.post('/students/get-assignment-questions', { assignment_id: a.assignment_id })).statusCode).toBe(404);
      const write = await outsider.post('/students/set-assignment-response', {
        assignment_id: a.assignment_id,
        question_id: 1,
        response_content: 'x',
      });
      expect(write.statusCode).toBe(404);
      expect(Object.values((await outsider.get('/students/get-assignments')).json).map((x: any) => x.title)).toEqual(['Other school work']);
    });

    it('submits, then refuses saves with 409 and a clear message', async () => {
      const a = byTitle('Quadratic Equations');
      const q = (await student.post('/students/get-assignment-questions', { assignment_id: a.assignment_id })).json.questions;
      const submitted = await student.post('/students/submit-assignment', {
        assignment_id: a.assignment_id,
        responses: { [q[1].question_id]: 'k = 6 or k = -6' },
      });
      expect(submitted.statusCode).toBe(200);
      expect((await student.get('/students/get-assignments', afterPosition(submitted.json.position))).json[a.assignment_id].status).toBe(
        'Submitted',
      );
      const late = await student.post('/students/set-assignment-response', {
        assignment_id: a.assignment_id,
        question_id: q[2].question_id,
        response_content: 'too late',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json.message).toBe(MESSAGES.alreadySubmitted);
      expect((await student.post('/students/submit-assignment', { assignment_id: a.assignment_id })).statusCode).toBe(409);
    });

    it('refuses saves to a past-due assignment', async () => {
      const a = byTitle('Linear Functions Review');
      const q = (await student.post('/students/get-assignment-questions', { assignment_id: a.assignment_id })).json.questions;
      const res = await student.post('/students/set-assignment-response', {
        assignment_id: a.assignment_id,
        question_id: q[0].question_id,
        response_content: 'late',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json.message).toBe(MESSAGES.pastDue);
    });
  });

  describe('bad input gets a 400 naming the field, never a 500', () => {
    const cases: [string, string, unknown, string][] = [
      ['/students/set-assignment-response', 'missing assignment_id', { question_id: 1, response_content: 'x' }, 'assignment_id'],
      [
        '/students/set-assignment-response',
        'string assignment_id',
        { assignment_id: 'abc', question_id: 1, response_content: 'x' },
        'assignment_id',
      ],
      [
        '/students/set-assignment-response',
        'negative question_id',
        { assignment_id: 1, question_id: -4, response_content: 'x' },
        'question_id',
      ],
      [
        '/students/set-assignment-response',
        'numeric response',
        { assignment_id: 1, question_id: 1, response_content: 5 },
        'response_content',
      ],
      [
        '/students/set-assignment-response',
        'bad command id',
        { assignment_id: 1, question_id: 1, response_content: 'x', command_id: 'nope' },
        'command_id',
      ],
      ['/students/submit-assignment', 'responses not a map', { assignment_id: 1, responses: 'x' }, 'responses'],
      ['/students/get-assignment-questions', 'no body fields', {}, 'assignment_id'],
    ];
    it.each(cases)('%s with %s', async (url, _name, body, field) => {
      const res = await student.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json.field).toBe(field);
      expect(res.json.message).toContain(field);
    });

    it('login without a body', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/auth/login/student',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('email');
    });

    it('login with an unknown role', async () => {
      const res = await server.app.inject({ method: 'POST', url: '/auth/login/wizard', payload: { email: 'a@b.c', password: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('role');
    });

    it('malformed JSON', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/auth/login/student',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(400);
    });
  });
}

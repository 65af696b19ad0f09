import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { CSRF_COOKIE, INPUT_MESSAGES, SOCKET_EVENTS, parseRichText, type StudentAssignment } from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Text that PostgreSQL refuses (NUL, lone surrogates) is made safe at one place on the way in, for every route:
 * JSON bodies, rich text inside them, query strings, path parameters and multipart fields. Nesting deeper than the
 * limit is a 400 with a message. Through the standalone server on the given database.
 */
export function safeInputSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let student: TestUser;
  let teacher: TestUser;
  let assignmentId: number;
  let questionIds: number[];

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    student = await loginAs(server.app, 'student', 'student@demo.school');
    teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
    const list = (await student.get('/students/get-assignments')).json as Record<string, StudentAssignment>;
    assignmentId = Object.values(list).find((a) => a.title === 'Quadratic Equations')!.assignment_id;
    const sheet = await student.post('/students/get-assignment-questions', { assignment_id: assignmentId });
    questionIds = (sheet.json.questions as { question_id: number }[]).map((q) => q.question_id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const responses = async (position: string | null) => {
    const res = await student.post('/students/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(position));
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      (res.json.questions as { question_id: number; response_content: string | null }[]).map((q) => [q.question_id, q.response_content]),
    );
  };

  describe('text PostgreSQL refuses', () => {
    it('saves an answer pasted with NUL and lone surrogates: NUL removed, each lone surrogate U+FFFD', async () => {
      const res = await student.post('/students/set-assignment-response', {
        assignment_id: assignmentId,
        question_id: questionIds[0],
        response_content: 'x\u0000 = 2\ud800 or \udfff3',
      });
      expect(res.statusCode).toBe(200);
      expect((await responses(res.json.position))[questionIds[0]!]).toBe('x = 2\ufffd or \ufffd3');
    });

    it('saves rich text whose JSON escapes hide NUL and a lone surrogate, cleaned inside the editor state', async () => {
      const state =
        '{"root":{"type":"root","version":1,"children":[{"type":"paragraph","version":1,"children":' +
        '[{"type":"text","version":1,"text":"pasted\\u0000 from a PDF \\ud83d"}]}]}}';
      const res = await student.post('/students/set-assignment-response', {
        assignment_id: assignmentId,
        question_id: questionIds[1],
        response_content: state,
      });
      expect(res.statusCode).toBe(200);
      const saved = parseRichText((await responses(res.json.position))[questionIds[1]!]);
      expect(saved?.root.children?.[0]?.children?.[0]?.text).toBe('pasted from a PDF \ufffd');
    });

    it('submits with NUL in a response and in a response key', async () => {
      // A key with NUL is cleaned to the question id itself, so it names a real question.
      const res = await student.post('/students/submit-assignment', {
        assignment_id: assignmentId,
        responses: { [`${questionIds[2]}\u0000`]: 'disc\u0000riminant' },
      });
      expect(res.statusCode).toBe(200);
      expect((await responses(res.json.position))[questionIds[2]!]).toBe('discriminant');
    });

    it('reads a path parameter and a query string with NUL and a lone surrogate without a server error', async () => {
      const clean = await teacher.get('/instructors/get-course-students/MATH10');
      const withNul = await teacher.get('/instructors/get-course-students/MATH%0010');
      expect(withNul.statusCode).toBe(200);
      expect(withNul.json).toEqual(clean.json);
      const surrogate = await teacher.get('/instructors/get-course-students/MATH10%ED%A0%80');
      expect(surrogate.statusCode).toBe(400);
      const query = await teacher.get('/instructors/get-course-students/MATH10?x=%00&y=%ED%A0%80');
      expect(query.statusCode).toBe(200);
    });

    it('cleans multipart text fields (AI Express with its form)', async () => {
      const boundary = '----h3safe';
      const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const payload = Buffer.from(
        `${field('prompt', '3 questions\u0000 on photosynthesis')}${field('title', 'Plants\ud800 Quiz')}--${boundary}--\r\n`,
      );
      const res = await server.app.inject({
        method: 'POST',
        url: '/grader/generate-assignment',
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: Object.entries(teacher.cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
          'x-csrf-token': teacher.cookies.csrf_access_token!,
        },
      });
      expect(res.statusCode).toBe(200);
      const recorded = (await server.store.readAll({ limit: 100_000 })).filter((e) => e.type === 'AiConfigRecorded').at(-1)!;
      expect(JSON.stringify(recorded.data)).toContain('3 questions on photosynthesis');
      expect(JSON.stringify(recorded.data)).not.toMatch(/\\u0000|\\ud800/);
    });
  });

  describe('numbers the database cannot hold', () => {
    it("answers an id past any column's range with a 400, not a 500", async () => {
      const res = await student.post('/students/get-assignment-questions', { assignment_id: 2 ** 31 });
      expect(res.statusCode).toBe(400);
      expect(res.json.message).toBe(INPUT_MESSAGES.unusableValue);
    });

    it('refuses such an id on the live-update socket, which keeps answering', async () => {
      const cookie = Object.entries(student.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
      const socket = io(server.url, {
        extraHeaders: { cookie },
        query: { csrf: student.cookies[CSRF_COOKIE]! },
        transports: ['websocket'],
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const watch = (payload: unknown) => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.watchAssignment, payload);
        expect(await watch({ assignment_id: 2 ** 31 })).toEqual({ ok: false });
        expect(await watch({ assignment_id: 1e300 })).toEqual({ ok: false });
        expect(await watch({ assignment_id: assignmentId })).toEqual({ ok: true });
      } finally {
        socket.close();
      }
    });
  });

  describe('nesting', () => {
    it('refuses a body nested 2,000 deep with a 400 that says so', async () => {
      const deep = JSON.parse('{"a":'.repeat(2000) + '1' + '}'.repeat(2000)) as object;
      const res = await student.post('/students/set-assignment-response', deep);
      expect(res.statusCode).toBe(400);
      expect(res.json.message).toBe(INPUT_MESSAGES.tooDeep);
    });

    it('answers a signed-out caller with a deep body 401, as any other body', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/students/set-assignment-response',
        headers: { 'content-type': 'application/json' },
        payload: '['.repeat(2000) + ']'.repeat(2000),
      });
      expect(res.statusCode).toBe(401);
    });
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_END,
  CHAT_MESSAGES,
  CHAT_SOCKET_EVENTS,
  CSRF_COOKIE,
  MESSAGES,
  SESSION_COOKIE,
  SHARED_LIBRARY_TENANT,
  streamIds,
  type ChatResponse,
} from '@evergrade/contracts';
import { createOpenAiCompatibleProvider } from '@evergrade/platform/ai';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import type { EventStore } from '@evergrade/platform/event-store';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * The study assistant over its real socket (issue 13): a socket.io client against the standalone server, as the
 * UI's askAssistant talks to it. Books are appended as the upload would (added, pages, indexed), on the shared
 * library, the demo school and another school.
 */
const databaseUrl = process.env.DATABASE_URL;
const SHARED_BOOK = 150;
const OTHER_SCHOOL_BOOK = 151;
const DEMO_BOOK = 152;
const INDEXING_BOOK = 153;
const PAGES = [
  {
    page: 1,
    text: 'Chapter 1: Cells\nThe cell is the basic unit of life. Every living organism is made of one or more cells, and new cells come only from cells that already exist. This idea is called the cell theory.',
  },
  {
    page: 2,
    text: 'The Nucleus\nThe nucleus holds the genetic material of the cell. It controls growth and reproduction. A membrane with pores surrounds the nucleus and lets messages pass in and out.',
  },
  {
    page: 3,
    text: 'Mitochondria\nMitochondria release energy from food by cellular respiration. They are often called the powerhouse of the cell because they make most of its energy.',
  },
];

async function addBook(store: EventStore, tenant: string, textbookId: number, title: string, indexed = true): Promise<string> {
  const pages = PAGES;
  const meta = { tenant, actorId: 'system', actorRole: 'system' };
  const at = new Date().toISOString();
  const result = await store.append(
    streamIds.textbooks(tenant),
    [
      { type: 'TextbookAdded', data: { textbookId, title, subject: 'Biology', addedAt: at }, metadata: meta },
      { type: 'TextbookPagesExtracted', data: { textbookId, pages, method: 'text' }, metadata: meta },
      ...(indexed
        ? [{ type: 'TextbookIndexed', data: { textbookId, pageCount: pages.length, exampleQueries: [], at }, metadata: meta }]
        : []),
    ],
    { expectedVersion: 'any' },
  );
  return result.lastPosition;
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** A connected socket, or the connect error's message. */
function connect(url: string, options: { cookie?: string; query?: Record<string, string> }): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(options.cookie ? { extraHeaders: { cookie: options.cookie } } : {}),
    ...(options.query ? { query: options.query } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

const userSocket = (url: string, user: TestUser, query: Record<string, string> = {}) =>
  connect(url, { cookie: cookieHeader(user.cookies), query: { tenant: 'demo', csrf: user.cookies[CSRF_COOKIE]!, ...query } });

type Reply = { replies: ChatResponse[]; text: string; error?: string; end: ChatResponse | undefined; sourcesEvent?: ChatResponse };

/** Sends one question and collects its reply up to `[END]`. */
function ask(socket: Socket, event: string, payload: unknown, replyEvent: string = CHAT_SOCKET_EVENTS.response): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const replies: ChatResponse[] = [];
    const timer = setTimeout(() => reject(new Error(`no [END] within 20 s: ${JSON.stringify(replies)}`)), 20_000);
    const onReply = (r: ChatResponse) => {
      replies.push(r);
      if (r.message !== CHAT_END) return;
      clearTimeout(timer);
      socket.off(replyEvent, onReply);
      resolve({
        replies,
        text: replies
          .filter((x) => x.message !== CHAT_END)
          .map((x) => x.message)
          .join(''),
        ...(replies.find((x) => x.error) ? { error: replies.find((x) => x.error)!.error! } : {}),
        end: r,
        ...(replies.find((x) => x.sources) ? { sourcesEvent: replies.find((x) => x.sources)! } : {}),
      });
    };
    socket.on(replyEvent, onReply);
    socket.emit(event, payload);
  });
}

async function answersOn(store: EventStore, stream: string) {
  return (await store.readStream(stream)).filter((e) => e.type === 'AssistantAnswered').map((e) => e.data as Record<string, any>);
}

const guestCookieOf = async (url: string): Promise<{ cookie: string; remaining: any }> => {
  const res = await fetch(`${url}/chatbot/guest-chat-remaining`);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('evergrade_guest='));
  return { cookie: set ? set.split(';')[0]! : '', remaining: await res.json() };
};

describe('the study assistant socket, offline', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-assistant-'));
  let server: Standalone;
  let student: TestUser;
  let teacher: TestUser;
  let teacherId: number;
  let studentId: number;
  // PGlite on a data directory (the guest secret kept there); with DATABASE_URL, PostgreSQL in a schema of its own.
  let schema: IsolatedSchema | undefined;
  const start = async () => {
    if (databaseUrl) schema ??= await createIsolatedSchema(databaseUrl, 'assistant');
    return startStandalone({
      port: 0,
      host: '127.0.0.1',
      ...(schema ? { databaseUrl: schema.connectionString } : { dataDir }),
      uiDir: '/nonexistent',
      logLevel: 'silent',
      assistant: { guestDailyChats: 2, userPerMinute: 12, ...(schema ? { guestSecret: 'g'.repeat(40) } : {}) },
    });
  };

  beforeAll(async () => {
    server = await start();
    await addBook(server.store, SHARED_LIBRARY_TENANT, SHARED_BOOK, 'Cells and Life');
    await addBook(server.store, 'other', OTHER_SCHOOL_BOOK, 'Secret Biology of Another School');
    await addBook(server.store, SHARED_LIBRARY_TENANT, INDEXING_BOOK, 'Still Being Read', false);
    await server.runner.reached(await addBook(server.store, 'demo', DEMO_BOOK, 'Demo School Notes'));
    student = await loginAs(server.app, 'student', 'student@demo.school');
    teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
    studentId = (await server.sessions.find(student.cookies[SESSION_COOKIE]!))!.userId;
    teacherId = (await server.sessions.find(teacher.cookies[SESSION_COOKIE]!))!.userId;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams a student's answer in chunks to [END], quoting the book with its page, and records it", async () => {
    const socket = await userSocket(server.url, student);
    try {
      const reply = await ask(socket, CHAT_SOCKET_EVENTS.message, {
        userId: studentId,
        firstName: 'Sam',
        textbookId: SHARED_BOOK,
        query: 'What do mitochondria do?',
      });
      expect(reply.error).toBeUndefined();
      expect(reply.replies.filter((r) => r.message !== '' && r.message !== CHAT_END).length).toBeGreaterThan(1);
      expect(reply.text).toContain('> "Mitochondria release energy from food by cellular respiration." — Cells and Life, p. 3');
      // The sources come once, just before [END].
      expect(reply.replies.at(-2)).toEqual({
        message: '',
        provider: 'offline',
        sources: [{ textbookId: SHARED_BOOK, title: 'Cells and Life', page: 3, passageId: expect.any(Number) }],
      });
      await expect
        .poll(() => answersOn(server.store, streamIds.assistant('demo', studentId)))
        .toEqual([
          expect.objectContaining({
            userId: studentId,
            role: 'student',
            conversationId: null,
            textbookIds: [SHARED_BOOK],
            query: 'What do mitochondria do?',
            response: reply.text,
            provider: 'offline',
            sources: reply.sourcesEvent!.sources,
          }),
        ]);
    } finally {
      socket.close();
    }
  });

  it('says plainly when the book does not have it, and answers from a school’s own book', async () => {
    const socket = await userSocket(server.url, student);
    try {
      const none = await ask(socket, CHAT_SOCKET_EVENTS.message, {
        userId: studentId,
        textbookId: SHARED_BOOK,
        query: 'Who painted the Mona Lisa?',
      });
      expect(none.text).toBe(CHAT_MESSAGES.notFoundInBook('Cells and Life'));
      expect(none.sourcesEvent!.sources).toEqual([]);
      const own = await ask(socket, CHAT_SOCKET_EVENTS.message, {
        userId: studentId,
        textbookId: DEMO_BOOK,
        query: 'What surrounds the nucleus?',
      });
      expect(own.text).toContain('— Demo School Notes, p. 2');
    } finally {
      socket.close();
    }
  });

  it('refuses what a student may not ask: blank, too long, as someone else, another school’s book, AURA’s event', async () => {
    const socket = await userSocket(server.url, student);
    try {
      const refused = async (event: string, payload: unknown) => {
        const r = await ask(socket, event, payload);
        expect(r.replies).toHaveLength(2);
        expect(r.end).toEqual({ message: CHAT_END });
        return r.error;
      };
      expect(await refused(CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: SHARED_BOOK, query: '  \n\t ' })).toBe(
        CHAT_MESSAGES.queryRequired,
      );
      expect(await refused(CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: SHARED_BOOK, query: 'x'.repeat(2_001) })).toBe(
        CHAT_MESSAGES.queryTooLong,
      );
      expect(await refused(CHAT_SOCKET_EVENTS.message, { userId: studentId + 1, textbookId: SHARED_BOOK, query: 'cells' })).toBe(
        MESSAGES.forbidden,
      );
      expect(await refused(CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: OTHER_SCHOOL_BOOK, query: 'cells' })).toBe(
        CHAT_MESSAGES.textbookNotFound,
      );
      expect(await refused(CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: INDEXING_BOOK, query: 'cells' })).toBe(
        CHAT_MESSAGES.textbookNotReady,
      );
      expect(await refused(CHAT_SOCKET_EVENTS.message2, { conversationId: 1, instructorId: studentId, query: 'cells' })).toBe(
        MESSAGES.forbidden,
      );
      expect(await refused(CHAT_SOCKET_EVENTS.message, 'not an object')).toBe(CHAT_MESSAGES.queryRequired);
      // A payload of the wrong shape says which field is wrong.
      expect(await refused(CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: 'physics', query: 'cells' })).toMatch(
        /^textbookId: /,
      );
      // Asked about feedback on a question that is not theirs or not graded: nothing is revealed.
      expect(
        await refused(CHAT_SOCKET_EVENTS.message, {
          userId: studentId,
          textbookId: SHARED_BOOK,
          query: 'why?',
          context: { kind: 'feedback', assignmentId: 999_999, questionNumber: 1 },
        }),
      ).toBe(CHAT_MESSAGES.noGradedQuestions);
    } finally {
      socket.close();
    }
  });

  it('refuses a connection whose CSRF token or tenant is not the session’s', async () => {
    await expect(userSocket(server.url, student, { csrf: 'forged' })).rejects.toThrow('forbidden');
    await expect(userSocket(server.url, student, { tenant: 'other' })).rejects.toThrow('forbidden');
    await expect(connect(server.url, { cookie: cookieHeader(student.cookies) })).rejects.toThrow('forbidden');
    const ok = await userSocket(server.url, student);
    ok.close();
  });

  it('message2: the instructor asks on their own conversation; another instructor’s or a deleted one is not found', async () => {
    const meta = { tenant: 'demo', actorId: String(teacherId), actorRole: 'instructor' };
    const at = new Date().toISOString();
    const started = (conversationId: number, ownerId: number) => ({
      type: 'ConversationStarted',
      data: { conversationId, ownerId, title: 'Cells', subject: 'Biology', textbookIds: [SHARED_BOOK, DEMO_BOOK], at },
      metadata: meta,
    });
    await server.store.append(streamIds.conversation('demo', 9001), [started(9001, teacherId)], { expectedVersion: 'no_stream' });
    await server.store.append(streamIds.conversation('demo', 9002), [started(9002, teacherId + 1000)], { expectedVersion: 'no_stream' });
    await server.store.append(
      streamIds.conversation('demo', 9003),
      [started(9003, teacherId), { type: 'ConversationDeleted', data: { conversationId: 9003, at }, metadata: meta }],
      { expectedVersion: 'no_stream' },
    );
    const socket = await userSocket(server.url, teacher);
    try {
      const asked = { instructorId: teacherId, userType: 'instructor', firstName: 'Tess', title: 'Cells and Life', subject: 'Biology' };
      const reply = await ask(socket, CHAT_SOCKET_EVENTS.message2, {
        ...asked,
        conversationId: 9001,
        conversationTitle: 'Cells',
        query: 'What surrounds the nucleus?',
      });
      expect(reply.error).toBeUndefined();
      expect(reply.text).toMatch(/— (Cells and Life|Demo School Notes), p\. 2/);
      expect(reply.replies.filter((r) => r.message !== CHAT_END).every((r) => r.conversationId === 9001)).toBe(true);
      await expect
        .poll(() => answersOn(server.store, streamIds.conversation('demo', 9001)))
        .toEqual([expect.objectContaining({ role: 'instructor', userId: teacherId, conversationId: 9001, response: reply.text })]);

      for (const conversationId of [9002, 9003, 424242]) {
        const other = await ask(socket, CHAT_SOCKET_EVENTS.message2, { ...asked, conversationId, query: 'What surrounds the nucleus?' });
        expect(other.error).toBe(CHAT_MESSAGES.conversationNotFound);
      }
      expect(await answersOn(server.store, streamIds.conversation('demo', 9002))).toEqual([]);
      // Not as another instructor, and not the students' event.
      const asOther = await ask(socket, CHAT_SOCKET_EVENTS.message2, {
        ...asked,
        instructorId: teacherId + 1,
        conversationId: 9001,
        query: 'x',
      });
      expect(asOther.error).toBe(MESSAGES.forbidden);
      const asStudent = await ask(socket, CHAT_SOCKET_EVENTS.message, { userId: teacherId, textbookId: SHARED_BOOK, query: 'cells' });
      expect(asStudent.error).toBe(MESSAGES.forbidden);
    } finally {
      socket.close();
    }
  });

  it('limits each user’s questions a minute', async () => {
    const socket = await userSocket(server.url, student);
    try {
      const errors: (string | undefined)[] = [];
      for (let i = 0; i < 13; i++) {
        errors.push(
          (await ask(socket, CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: SHARED_BOOK, query: `cells ${i}` })).error,
        );
      }
      const first = errors.indexOf(CHAT_MESSAGES.rateLimited);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(errors.slice(0, first).every((e) => e === undefined)).toBe(true);
      expect(errors.slice(first).every((e) => e === CHAT_MESSAGES.rateLimited)).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('guests: shared books only, no signed-in events, a daily allowance that counts down, is enforced and survives a restart', async () => {
    const { cookie, remaining } = await guestCookieOf(server.url);
    expect(cookie).toMatch(/^evergrade_guest=/);
    expect(remaining).toMatchObject({ remainingChats: 2, limit: 2 });
    const guest = await connect(server.url, { cookie });
    const g = (payload: unknown) => ask(guest, CHAT_SOCKET_EVENTS.guestMessage, payload, CHAT_SOCKET_EVENTS.guestResponse);
    try {
      expect((await ask(guest, CHAT_SOCKET_EVENTS.message, { userId: studentId, textbookId: SHARED_BOOK, query: 'cells' })).error).toBe(
        CHAT_MESSAGES.signInToChat,
      );
      expect((await g({ textbookId: DEMO_BOOK, query: 'What surrounds the nucleus?' })).error).toBe(CHAT_MESSAGES.textbookNotFound);
      const first = await g({ textbookId: SHARED_BOOK, query: 'What do mitochondria do?' });
      expect(first.text).toContain('— Cells and Life, p. 3');
      expect(first.sourcesEvent).toMatchObject({ remainingChats: 1, provider: 'offline' });
      const second = await g({ textbookId: SHARED_BOOK, query: 'What is the cell theory?' });
      expect(second.sourcesEvent).toMatchObject({ remainingChats: 0 });
      const third = await g({ textbookId: SHARED_BOOK, query: 'What is the nucleus?' });
      expect(third.error).toMatch(/^You have used today's free chats\. They renew at 00:00 UTC \(in /);
      const again = await fetch(`${server.url}/chatbot/guest-chat-remaining`, { headers: { cookie } });
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(await again.json()).toMatchObject({ remainingChats: 0 });
    } finally {
      guest.close();
    }
    // A new guest (no cookie yet) has their own allowance.
    expect((await guestCookieOf(server.url)).remaining.remainingChats).toBe(2);

    await server.close();
    server = await start();
    const after = await fetch(`${server.url}/chatbot/guest-chat-remaining`, { headers: { cookie } });
    expect(await after.json()).toMatchObject({ remainingChats: 0, limit: 2 });
    const back = await connect(server.url, { cookie });
    try {
      expect(
        (await ask(back, CHAT_SOCKET_EVENTS.guestMessage, { textbookId: SHARED_BOOK, query: 'cells' }, CHAT_SOCKET_EVENTS.guestResponse))
          .error,
      ).toMatch(/^You have used today's free chats/);
    } finally {
      back.close();
    }
  }, 240_000);

  it('two chats racing for a guest’s last one: exactly one gets it', async () => {
    const { cookie } = await guestCookieOf(server.url);
    const sockets = await Promise.all([1, 2, 3, 4].map(() => connect(server.url, { cookie })));
    try {
      const replies = await Promise.all(
        sockets.map((s) =>
          ask(s, CHAT_SOCKET_EVENTS.guestMessage, { textbookId: SHARED_BOOK, query: 'cells' }, CHAT_SOCKET_EVENTS.guestResponse),
        ),
      );
      expect(replies.filter((r) => !r.error)).toHaveLength(2);
      expect(replies.filter((r) => r.error?.startsWith("You have used today's free chats"))).toHaveLength(2);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
  it('one address has a cap across new cookies (four guests’ allowance): a fresh cookie does not buy more chats', async () => {
    // So far this address used 4 chats (2 + the race's 2) of its 8.
    const chat = async (cookie: string) => {
      const socket = await connect(server.url, { cookie });
      try {
        return await ask(
          socket,
          CHAT_SOCKET_EVENTS.guestMessage,
          { textbookId: SHARED_BOOK, query: 'cells' },
          CHAT_SOCKET_EVENTS.guestResponse,
        );
      } finally {
        socket.close();
      }
    };
    for (let guest = 0; guest < 2; guest++) {
      const { cookie, remaining } = await guestCookieOf(server.url);
      expect(remaining.remainingChats).toBe(2);
      expect((await chat(cookie)).error).toBeUndefined();
      expect((await chat(cookie)).error).toBeUndefined();
    }
    const { cookie, remaining } = await guestCookieOf(server.url);
    expect(remaining.remainingChats).toBe(0);
    const refused = await chat(cookie);
    expect(refused.error).toMatch(/^You have used today's free chats/);
    expect(refused.replies[0]).toMatchObject({ remainingChats: 0 });
  });
});

/** A stand-in for an OpenAI-compatible model over real HTTP: streams its answer, or hangs after one piece. */
type Seen = { body: any; closedEarly: boolean };
function fakeModel(): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server: HttpServer = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text);
    const record: Seen = { body, closedEarly: false };
    seen.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const user: string = body.messages[1].content;
    const event = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (user.includes('Question: hang')) {
      res.write(event('Thinking '));
      return;
    }
    if (user.includes('Question: fail')) {
      res.end(`data: ${JSON.stringify({ error: { message: 'model crashed' } })}\n\n`);
      return;
    }
    for (const piece of ['Mitochondria ', 'release energy ', '(Cells and Life, p. 3).']) res.write(event(piece));
    res.end('data: [DONE]\n\n');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        seen,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('the study assistant socket, with a model', () => {
  let model: Awaited<ReturnType<typeof fakeModel>>;
  let server: Standalone;
  let student: TestUser;
  let studentId: number;

  beforeAll(async () => {
    model = await fakeModel();
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      ai: createOpenAiCompatibleProvider({ baseUrl: model.url, model: 'fake-llm-7b', timeoutMs: 10_000 }),
      assistant: { replyCapMs: 4_000 },
    });
    await server.runner.reached(await addBook(server.store, SHARED_LIBRARY_TENANT, SHARED_BOOK, 'Cells and Life'));
    student = await loginAs(server.app, 'student', 'student@demo.school');
    studentId = (await server.sessions.find(student.cookies[SESSION_COOKIE]!))!.userId;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  const answers = () => answersOn(server.store, streamIds.assistant('demo', studentId));
  const question = (query: string) => ({ userId: studentId, textbookId: SHARED_BOOK, query });

  it("streams the model's pieces as chunks, from the retrieved passages, and records the model's name", async () => {
    const socket = await userSocket(server.url, student);
    try {
      const reply = await ask(socket, CHAT_SOCKET_EVENTS.message, question('What do mitochondria do?'));
      expect(reply.replies.slice(0, 3).map((r) => r.message)).toEqual(['Mitochondria ', 'release energy ', '(Cells and Life, p. 3).']);
      expect(reply.sourcesEvent).toMatchObject({ provider: 'fake-llm-7b' });
      expect(reply.sourcesEvent!.sources!.map((s) => s.page)).toContain(3);
      const prompt = model.seen.at(-1)!.body;
      expect(prompt.stream).toBe(true);
      expect(prompt.messages[1].content).toMatch(/\[1\] Cells and Life, p\. 3:\n(.*\n)?Mitochondria release energy from food/);
      await expect
        .poll(answers)
        .toEqual([expect.objectContaining({ provider: 'fake-llm-7b', response: 'Mitochondria release energy (Cells and Life, p. 3).' })]);
    } finally {
      socket.close();
    }
  });

  it('asked about feedback: the student’s own graded question, their answer and the feedback go to the model with the question', async () => {
    const list = (await student.get('/students/get-assignments')).json as Record<string, { assignment_id: number; title: string }>;
    const assignmentId = Object.values(list).find((a) => a.title === 'Quadratic Equations')!.assignment_id;
    const questions = (await server.store.readAll({ limit: 100_000 }))
      .filter((e) => e.type === 'QuestionAdded' && e.data.assignmentId === assignmentId)
      .map((e) => ({ questionId: Number(e.data.questionId), questionNumber: Number(e.data.questionNumber) }));
    const q1 = questions.find((q) => q.questionNumber === 1)!;
    const at = new Date().toISOString();
    const { lastPosition } = await server.store.append(
      streamIds.grading('demo', assignmentId, studentId),
      [
        {
          type: 'OnlineResponsesCaptured',
          data: {
            assignmentId,
            studentId,
            submissionVersion: 1,
            responses: [{ responseId: 990_001, questionId: q1.questionId, questionNumber: 1, response: 'x equals seven' }],
            capturedAt: at,
          },
        },
        {
          type: 'ResponseGraded',
          data: {
            assignmentId,
            studentId,
            responseId: 990_001,
            questionId: q1.questionId,
            questionNumber: 1,
            pointsObtained: 1,
            pointsPossible: 4,
            feedback: 'Check the mitochondria of your working.',
            flaggedForReview: '',
            grader: { kind: 'offline', name: 'offline' },
            confidence: 0.9,
            inputs: { questionVersion: 1, responseVersion: 1 },
            gradedAt: at,
          },
        },
      ].map((e) => ({ ...e, metadata: { tenant: 'demo' } })),
      { expectedVersion: 'no_stream' },
    );
    await server.runner.reached(lastPosition);
    const socket = await userSocket(server.url, student);
    try {
      const context = { kind: 'feedback', assignmentId, questionNumber: 1 };
      const reply = await ask(socket, CHAT_SOCKET_EVENTS.message, { ...question('Why did I lose marks?'), context });
      expect(reply.error).toBeUndefined();
      const prompt: string = model.seen.at(-1)!.body.messages[1].content;
      expect(prompt).toContain('question 1 of a graded assignment (1/4)');
      expect(prompt).toContain("The student's answer: x equals seven");
      expect(prompt).toContain('Feedback given: Check the mitochondria of your working.');
      expect(prompt).toContain('Question: Why did I lose marks?');
      await expect.poll(async () => (await answers()).at(-1)).toMatchObject({ query: 'Why did I lose marks?', context: 'feedback' });
      // A question of the assignment that is not graded: refused.
      const other = await ask(socket, CHAT_SOCKET_EVENTS.message, { ...question('Why?'), context: { ...context, questionNumber: 2 } });
      expect(other.error).toBe(CHAT_MESSAGES.noGradedQuestions);
    } finally {
      socket.close();
    }
  });

  it('gives the extractive answer when the model fails, recording why', async () => {
    const socket = await userSocket(server.url, student);
    try {
      const reply = await ask(socket, CHAT_SOCKET_EVENTS.message, question('fail mitochondria'));
      expect(reply.sourcesEvent).toMatchObject({ provider: 'offline' });
      await expect
        .poll(async () => (await answers()).at(-1))
        .toMatchObject({ provider: 'offline', fallbackReason: expect.stringContaining('model crashed') });
    } finally {
      socket.close();
    }
  });

  it('one reply at a time per socket; chat.cancel stops the model and ends the reply, recorded as cancelled', async () => {
    const socket = await userSocket(server.url, student);
    try {
      const replies: ChatResponse[] = [];
      const ended = new Promise<void>((resolve) =>
        socket.on(CHAT_SOCKET_EVENTS.response, (r: ChatResponse) => {
          replies.push(r);
          if (r.message === CHAT_END && replies.some((x) => x.message === 'Thinking ')) resolve();
        }),
      );
      socket.emit(CHAT_SOCKET_EVENTS.message, question('hang mitochondria'));
      await expect.poll(() => replies.map((r) => r.message)).toEqual(['Thinking ']);
      socket.emit(CHAT_SOCKET_EVENTS.message, question('cells'));
      await expect.poll(() => replies.length).toBe(3);
      expect(replies.slice(1)).toEqual([{ message: '', error: CHAT_MESSAGES.replyPending }, { message: CHAT_END }]);
      socket.emit(CHAT_SOCKET_EVENTS.cancel);
      await ended;
      expect(replies.at(-1)).toEqual({ message: CHAT_END });
      await expect
        .poll(async () => (await answers()).at(-1))
        .toMatchObject({ query: 'hang mitochondria', response: 'Thinking ', cancelled: true });
      await expect
        .poll(() => model.seen.filter((s) => s.body.messages[1].content.includes('Question: hang')).at(-1)?.closedEarly)
        .toBe(true);
    } finally {
      socket.close();
    }
  });

  it('a dropped socket stops the pending reply: the model request is closed and the answer recorded as cancelled', async () => {
    const socket = await userSocket(server.url, student);
    const first = new Promise<void>((resolve) => socket.once(CHAT_SOCKET_EVENTS.response, () => resolve()));
    const before = (await answers()).length;
    socket.emit(CHAT_SOCKET_EVENTS.message, question('hang mitochondria'));
    await first;
    socket.close();
    await expect.poll(async () => (await answers()).length).toBe(before + 1);
    expect((await answers()).at(-1)).toMatchObject({
      query: 'hang mitochondria',
      response: 'Thinking ',
      cancelled: true,
      provider: 'fake-llm-7b',
    });
    await expect.poll(() => model.seen.at(-1)!.closedEarly).toBe(true);
  });

  it('caps a reply at the server’s limit, ending it and recording it as cancelled', async () => {
    const socket = await userSocket(server.url, student);
    try {
      const reply = await ask(socket, CHAT_SOCKET_EVENTS.message, question('hang mitochondria'));
      expect(reply.replies.map((r) => r.message)).toEqual(['Thinking ', '', CHAT_END]);
      await expect.poll(async () => (await answers()).at(-1)).toMatchObject({ query: 'hang mitochondria', cancelled: true });
    } finally {
      socket.close();
    }
  });
});

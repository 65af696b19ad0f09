import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTenant, registerUser } from '@evergrade/command-service';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  ConversationSummarySchema,
  MIN_POSITION_HEADER,
  streamIds,
  type ConversationSummary,
} from '@evergrade/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { signInOverHttp, type HttpUser } from './testing/http';

/**
 * AURA's saved conversations over real HTTP: at most ten per instructor (also when twelve are asked for at once),
 * titles of at most 50 characters, each instructor's conversations their own (another instructor of the school or of
 * another school hears 404, a body naming someone else 403), rename and delete rules, and titles made offline.
 */
/** An instructor, and the position of their last command (lists read after it). */
type Me = { user: HttpUser; id: number; last: string | null };

export function conversationsSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let teacher: Me;
  let colleague: Me;
  let outsider: Me;

  const signIn = async (email: string): Promise<Me> => {
    const http = await signInOverHttp(server.url, 'instructor', email);
    const me: Me = { user: http, id: (await http.get('/auth/validate-token')).json.data.userId, last: null };
    me.user = {
      get: http.get,
      post: async (path, body, headers) => {
        const res = await http.post(path, body, headers);
        if (typeof res.json?.position === 'string' && (!me.last || res.json.position > me.last)) me.last = res.json.position;
        return res;
      },
    };
    return me;
  };
  const after = (position: string | null | undefined): Record<string, string> => (position ? { [MIN_POSITION_HEADER]: position } : {});

  const start = (me: Me, title: string = CHAT_MESSAGES.newChatTitle) =>
    me.user.post('/chatbot/new-conversation', { title, instructorId: me.id, userType: 'instructor', subject: 'Biology', textbookIds: [1] });
  const list = async (me: Me, position?: string | null): Promise<ConversationSummary[]> => {
    const res = await me.user.post(
      '/chatbot/get-conversations',
      { instructorId: me.id, userType: 'instructor' },
      after(position ?? me.last),
    );
    expect(res.status).toBe(200);
    return res.json.map((c: unknown) => ConversationSummarySchema.parse(c));
  };
  const chats = (me: Me, conversationId: number, position?: string | null) =>
    me.user.post('/chatbot/get-conversation-chats', { conversation_id: conversationId, instructorId: me.id }, after(position ?? me.last));
  const rename = (me: Me, conversationId: number, conversationTitle: string) =>
    me.user.post('/chatbot/rename-conversation', { conversationId, conversationTitle, instructorId: me.id, userType: 'instructor' });
  const remove = (me: Me, conversationId: number) =>
    me.user.post('/chatbot/delete-conversation', { conversationId, instructorId: me.id, userType: 'instructor' });
  const deleteAll = async (me: Me) => {
    for (const c of await list(me)) expect((await remove(me, c.conversation_id)).status).toBe(200);
  };

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    const now = new Date();
    const demo = { tenant: 'demo', actorRole: 'system' as const };
    await registerUser(
      server.store,
      demo,
      { email: 'colleague@demo.school', role: 'instructor', password: 'Evergrade#2026', firstName: 'Col', lastName: 'League' },
      now,
    );
    const other = { tenant: 'other', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Other School', now);
    await registerUser(
      server.store,
      other,
      { email: 'teacher@other.school', role: 'instructor', password: 'Evergrade#2026', firstName: 'Ot', lastName: 'Her' },
      now,
    );
    teacher = await signIn('teacher@demo.school');
    colleague = await signIn('colleague@demo.school');
    outsider = await signIn('teacher@other.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps at most ten conversations: the eleventh is refused with the message until one is deleted', async () => {
    await deleteAll(teacher);
    const ids: number[] = [];
    for (let i = 1; i <= CHAT_LIMITS.maxConversations; i++) {
      const res = await start(teacher, `Chat ${i}`);
      expect(res.status).toBe(200);
      ids.push(res.json.conversation_id);
    }
    expect(new Set(ids).size).toBe(CHAT_LIMITS.maxConversations);
    const eleventh = await start(teacher, 'One too many');
    expect([eleventh.status, eleventh.json.message]).toEqual([409, CHAT_MESSAGES.tooManyConversations]);
    const deleted = await remove(teacher, ids[0]!);
    expect(deleted.status).toBe(200);
    const again = await start(teacher, 'Room again');
    expect(again.status).toBe(200);
    const mine = await list(teacher, again.json.position);
    expect(mine).toHaveLength(CHAT_LIMITS.maxConversations);
    // Newest first.
    expect(mine[0]).toMatchObject({ conversation_id: again.json.conversation_id, conversation_title: 'Room again', subject: 'Biology' });
    expect(mine[0]!.textbookIds).toEqual([1]);
    expect(mine.map((c) => c.conversation_id)).not.toContain(ids[0]);
    expect((await start(teacher, 'Still too many')).status).toBe(409);
    await deleteAll(teacher);
  });

  it('takes exactly the last slots when twelve conversations are asked for at once', async () => {
    await deleteAll(colleague);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => start(colleague, `Race ${i}`)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(CHAT_LIMITS.maxConversations);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const last = replies.filter((r) => r.status === 200).map((r) => r.json.position as string);
    expect(await list(colleague, last.sort().at(-1))).toHaveLength(CHAT_LIMITS.maxConversations);
    await deleteAll(colleague);
  });

  it('takes back a slot whose conversation was deleted when its release never landed', async () => {
    await deleteAll(teacher);
    const ids: number[] = [];
    for (let i = 0; i < CHAT_LIMITS.maxConversations; i++) ids.push((await start(teacher, `Slot ${i}`)).json.conversation_id);
    // A process stopped between the conversation's deletion and the slot's release.
    await server.store.append(
      streamIds.conversation('demo', ids[3]!),
      [{ type: 'ConversationDeleted', data: { conversationId: ids[3]!, at: new Date().toISOString() }, metadata: { tenant: 'demo' } }],
      { expectedVersion: 1 },
    );
    expect((await start(teacher, 'Fits again')).status).toBe(200);
    expect((await start(teacher, 'But no more')).status).toBe(409);
    await deleteAll(teacher);
  });

  it('takes titles of at most 50 characters, not empty', async () => {
    const fifty = 'T'.repeat(CHAT_LIMITS.maxTitleChars);
    const ok = await start(teacher, fifty);
    expect(ok.status).toBe(200);
    const long = await start(teacher, `${fifty}x`);
    expect(long.status).toBe(400);
    expect(long.json.message).toContain(CHAT_MESSAGES.titleTooLong);
    expect((await start(teacher, '   ')).status).toBe(400);
    expect((await rename(teacher, ok.json.conversation_id, `${fifty}!`)).status).toBe(400);
    const blank = await rename(teacher, ok.json.conversation_id, '  ');
    expect(blank.status).toBe(400);
    expect(blank.json.message).toContain(CHAT_MESSAGES.titleRequired);
    expect((await list(teacher, ok.json.position)).find((c) => c.conversation_id === ok.json.conversation_id)?.conversation_title).toBe(
      fifty,
    );
    await deleteAll(teacher);
  });

  it("keeps each instructor's conversations their own, in the school and across schools", async () => {
    const mine = await start(teacher, 'Mine');
    const id = mine.json.conversation_id as number;
    for (const other of [colleague, outsider]) {
      expect((await chats(other, id, mine.json.position)).status).toBe(404);
      expect((await rename(other, id, 'Taken over')).status).toBe(404);
      expect((await remove(other, id)).status).toBe(404);
      expect((await list(other, mine.json.position)).map((c) => c.conversation_id)).not.toContain(id);
      const titled = await other.user.post('/chatbot/generate-conversation-title', { query: 'What is osmosis?', conversationId: id });
      expect(titled.status).toBe(404);
    }
    // A body naming another instructor: 403, whoever it names.
    for (const [path, body] of [
      ['/chatbot/get-conversations', { instructorId: teacher.id }],
      ['/chatbot/get-conversation-chats', { conversation_id: id, instructorId: teacher.id }],
      ['/chatbot/rename-conversation', { conversationId: id, conversationTitle: 'X', instructorId: teacher.id }],
      ['/chatbot/delete-conversation', { conversationId: id, instructorId: teacher.id }],
      ['/chatbot/new-conversation', { title: 'X', instructorId: teacher.id, subject: '', textbookIds: [1] }],
    ] as const) {
      expect((await colleague.user.post(path, body)).status, path).toBe(403);
    }
    const res = await chats(teacher, id, mine.json.position);
    expect([res.status, res.json]).toEqual([200, []]);
    expect((await list(teacher)).map((c) => c.conversation_title)).toEqual(['Mine']);
    await deleteAll(teacher);
  });

  it('starts a conversation only on books the school can see: a shared or own book, never an unknown one', async () => {
    const unknown = await teacher.user.post('/chatbot/new-conversation', {
      title: 'Unknown book',
      instructorId: teacher.id,
      subject: 'Biology',
      textbookIds: [1, 999_999],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toContain(CHAT_MESSAGES.textbookNotFound);
    expect((await list(teacher)).map((c) => c.conversation_title)).not.toContain('Unknown book');
    expect((await start(teacher, 'Shared book')).status).toBe(200);
    await deleteAll(teacher);
  });

  it('renames with a changed title only, and a deleted conversation is gone for good', async () => {
    const made = await start(teacher, 'Old name');
    const id = made.json.conversation_id as number;
    const renamed = await rename(teacher, id, '  New name  ');
    expect(renamed.status).toBe(200);
    expect((await list(teacher, renamed.json.position))[0]?.conversation_title).toBe('New name');
    // The same title again: nothing recorded.
    const same = await rename(teacher, id, 'New name');
    expect([same.status, same.json.position]).toEqual([200, renamed.json.position]);
    const gone = await remove(teacher, id);
    expect(gone.status).toBe(200);
    expect(await list(teacher, gone.json.position)).toEqual([]);
    expect((await chats(teacher, id, gone.json.position)).status).toBe(404);
    expect((await rename(teacher, id, 'Back again')).status).toBe(404);
    expect((await remove(teacher, id)).status).toBe(404);
    expect((await remove(teacher, 999_999)).status).toBe(404);
  });

  it("generates a title from the question's key words offline, and records it on the conversation", async () => {
    const alone = await teacher.user.post('/chatbot/generate-conversation-title', {
      query: 'What is the difference between mitosis and meiosis in plant cells?',
    });
    expect(alone.status).toBe(200);
    expect(alone.json).toEqual({ title: 'Difference Mitosis Meiosis Plant Cells', position: null });
    const made = await start(teacher);
    const id = made.json.conversation_id as number;
    const long = 'Could you please explain photosynthesis, chlorophyll, chloroplasts, stomata, transpiration, respiration and glucose?';
    const titled = await teacher.user.post('/chatbot/generate-conversation-title', { query: long, conversationId: id });
    expect(titled.status).toBe(200);
    expect(titled.json.title.length).toBeLessThanOrEqual(CHAT_LIMITS.maxTitleChars);
    expect(titled.json.title).toMatch(/^Photosynthesis Chlorophyll/);
    expect((await list(teacher, titled.json.position))[0]?.conversation_title).toBe(titled.json.title);
    const events = await server.store.readStream(streamIds.conversation('demo', id));
    expect(events.at(-1)).toMatchObject({ type: 'ConversationRenamed', data: { title: titled.json.title, generated: true } });
    expect((await teacher.user.post('/chatbot/generate-conversation-title', { query: '   ' })).status).toBe(400);
    await deleteAll(teacher);
  });

  describe('a student', () => {
    it('cannot use the conversation routes', async () => {
      const student = await signInOverHttp(server.url, 'student', 'student@demo.school');
      expect((await student.post('/chatbot/get-conversations', { instructorId: 1 })).status).toBe(403);
      expect((await student.post('/chatbot/new-conversation', { title: 'x', instructorId: 1, textbookIds: [1] })).status).toBe(403);
    });
  });
}

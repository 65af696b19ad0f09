import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_END, CHAT_MESSAGES, CHAT_SOCKET_EVENTS } from '@evergrade/contracts';
import { useSessionStore } from '../stores/session';
import { askAssistant, type ChatHandlers } from './chat-socket';

/** A stand-in socket: records what the client emits, lets the test play the server. */
class FakeSocket {
  connected = true;
  emitted: { event: string; payload: unknown }[] = [];
  disconnected = false;
  private handlers = new Map<string, Set<(...args: any[]) => void>>();
  constructor(readonly options: any) {}
  on(event: string, fn: (...args: any[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: (...args: any[]) => void) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  serverSends(event: string, ...args: unknown[]) {
    for (const fn of [...(this.handlers.get(event) ?? [])]) fn(...args);
  }
}

function recorder() {
  const log: string[] = [];
  const handlers: ChatHandlers = {
    onChunk: (c) => log.push(`chunk:${c}`),
    onSources: (s, r) =>
      log.push(`sources:${s.map((x) => `${x.title} p${x.page}`).join(',')}:${r.provider ?? ''}:${r.remainingChats ?? ''}`),
    onError: (m) => log.push(`error:${m}`),
    onEnd: () => log.push('end'),
  };
  return { log, handlers };
}

let sockets: FakeSocket[] = [];
const connect = (options: any) => {
  const s = new FakeSocket(options);
  sockets.push(s);
  return s as unknown as Socket;
};

describe('askAssistant', () => {
  beforeEach(() => {
    sockets = [];
    vi.useFakeTimers();
    useSessionStore.getState().setTenant('demo.school');
    document.cookie = 'csrf_access_token=tok123';
  });
  afterEach(() => vi.useRealTimers());

  it('a student question: sends message with the tenant and csrf, streams chunks, sources, then ends and closes', () => {
    const { log, handlers } = recorder();
    askAssistant('student', { userId: 3, firstName: 'Sam', textbookId: 1, query: 'What is a cell?' }, handlers, { connect });
    const s = sockets[0]!;
    expect(s.options.query).toEqual({ tenant: 'demo.school', csrf: 'tok123' });
    expect(s.emitted).toEqual([{ event: 'message', payload: { userId: 3, firstName: 'Sam', textbookId: 1, query: 'What is a cell?' } }]);
    s.serverSends('response', { message: 'A cell ' });
    s.serverSends('response', { message: 'is small.' });
    s.serverSends('response', { message: '', sources: [{ textbookId: 1, title: 'Biology', page: 12, passageId: 4 }], provider: 'offline' });
    s.serverSends('response', { message: CHAT_END });
    expect(log).toEqual(['chunk:A cell ', 'chunk:is small.', 'sources:Biology p12:offline:', 'end']);
    expect(s.disconnected).toBe(true);
  });

  it('a guest question: its own socket marked guest, guest-message, guest-response with the chats left', () => {
    const { log, handlers } = recorder();
    askAssistant('guest', { textbookId: 2, query: 'Why?' }, handlers, { connect });
    const s = sockets[0]!;
    expect(s.options.query).toEqual({ guest: '1' });
    expect(s.emitted[0]!.event).toBe(CHAT_SOCKET_EVENTS.guestMessage);
    s.serverSends('response', { message: 'not for guests' });
    s.serverSends('guest-response', { message: '', sources: [], provider: 'offline', remainingChats: 4 });
    s.serverSends('guest-response', { message: CHAT_END });
    expect(log).toEqual(['sources::offline:4', 'end']);
  });

  it('an error reply is shown once and the [END] after it ends the reply', () => {
    const { log, handlers } = recorder();
    askAssistant('instructor', { conversationId: 9, instructorId: 2, query: 'x' }, handlers, { connect });
    const s = sockets[0]!;
    expect(s.emitted[0]!.event).toBe('message2');
    s.serverSends('response', { message: '', error: CHAT_MESSAGES.conversationNotFound });
    s.serverSends('response', { message: CHAT_END });
    expect(log).toEqual([`error:${CHAT_MESSAGES.conversationNotFound}`, 'end']);
  });

  it('no reply within 30 s: "No response from the server"; nothing after it counts', () => {
    const { log, handlers } = recorder();
    askAssistant('student', { userId: 3, textbookId: 1, query: 'q' }, handlers, { connect });
    vi.advanceTimersByTime(29_999);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log).toEqual([`error:${CHAT_MESSAGES.noResponse}`, 'end']);
    sockets[0]!.serverSends('response', { message: 'late' });
    expect(log).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
  });

  it('each chunk restarts the 30 s', () => {
    const { log, handlers } = recorder();
    askAssistant('student', { userId: 3, textbookId: 1, query: 'q' }, handlers, { connect });
    vi.advanceTimersByTime(20_000);
    sockets[0]!.serverSends('response', { message: 'a' });
    vi.advanceTimersByTime(20_000);
    expect(log).toEqual(['chunk:a']);
    vi.advanceTimersByTime(10_000);
    expect(log).toEqual(['chunk:a', `error:${CHAT_MESSAGES.noResponse}`, 'end']);
  });

  it('a connect error says so', () => {
    const { log, handlers } = recorder();
    askAssistant('guest', { textbookId: 1, query: 'q' }, handlers, { connect });
    sockets[0]!.serverSends('connect_error', new Error('refused'));
    expect(log).toEqual([`error:${CHAT_MESSAGES.connectError}`, 'end']);
  });

  it('cancel() tells the server, closes the socket and ends without an error', () => {
    const { log, handlers } = recorder();
    const cancel = askAssistant('student', { userId: 3, textbookId: 1, query: 'q' }, handlers, { connect });
    sockets[0]!.serverSends('response', { message: 'par' });
    cancel();
    cancel();
    expect(sockets[0]!.emitted.map((e) => e.event)).toEqual(['message', CHAT_SOCKET_EVENTS.cancel]);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(log).toEqual(['chunk:par', 'end']);
    vi.advanceTimersByTime(60_000);
    expect(log).toEqual(['chunk:par', 'end']);
  });
});

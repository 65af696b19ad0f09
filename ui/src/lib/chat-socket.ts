import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  CHAT_END,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_SOCKET_EVENTS,
  ChatResponseSchema,
  type ChatResponse,
  type Citation,
  type GuestChatMessage,
  type InstructorChatMessage,
  type StudentChatMessage,
} from '@evergrade/contracts';
import { SOCKET_TRANSPORTS, socketAuthQuery } from './socket';

/**
 * The study assistant's client (issue 13): one question, its reply streamed chunk by chunk. Each question opens
 * its own socket (signed-in: the session cookie with socketAuthQuery(); guest: `query.guest`, so a signed-in
 * browser on the landing page still asks as a guest) and closes it after `[END]`, so a cancelled or timed-out
 * question never mixes its chunks with the next one's; closing the socket also stops the server's reply.
 */
export type ChatKind = 'student' | 'instructor' | 'guest';

export type ChatPayload<K extends ChatKind> = K extends 'student'
  ? StudentChatMessage
  : K extends 'instructor'
    ? InstructorChatMessage
    : GuestChatMessage;

export type ChatHandlers = {
  /** A chunk of the answer (markdown; concatenate them). */
  onChunk?: (chunk: string) => void;
  /** Once, just before the end: the passages cited, with the provider (and for guests the chats left today). */
  onSources?: (sources: Citation[], reply: ChatResponse) => void;
  /** A refusal or failure to show (the server's message, CHAT_MESSAGES.noResponse or CHAT_MESSAGES.connectError). */
  onError?: (message: string) => void;
  /** Always called exactly once, last (also after an error or cancel()). */
  onEnd?: () => void;
};

export type AskOptions = {
  /** Default CHAT_LIMITS.replyTimeoutMs: with nothing from the server for this long, CHAT_MESSAGES.noResponse. */
  timeoutMs?: number;
  /** Tests: open the socket (default socket.io-client's io, same origin). */
  connect?: (options: Partial<ManagerOptions & SocketOptions>) => Socket;
};

const EVENTS = {
  student: { send: CHAT_SOCKET_EVENTS.message, reply: CHAT_SOCKET_EVENTS.response },
  instructor: { send: CHAT_SOCKET_EVENTS.message2, reply: CHAT_SOCKET_EVENTS.response },
  guest: { send: CHAT_SOCKET_EVENTS.guestMessage, reply: CHAT_SOCKET_EVENTS.guestResponse },
} as const;

/** Ask one question; returns cancel() (stops the reply on the server; onEnd follows, no error). */
export function askAssistant<K extends ChatKind>(
  kind: K,
  payload: ChatPayload<K>,
  handlers: ChatHandlers,
  options: AskOptions = {},
): () => void {
  const events = EVENTS[kind];
  const timeoutMs = options.timeoutMs ?? CHAT_LIMITS.replyTimeoutMs;
  const connect = options.connect ?? ((o) => io(o));
  const socket = connect({
    path: '/socket.io',
    ...SOCKET_TRANSPORTS,
    withCredentials: true,
    forceNew: true,
    reconnection: false,
    query: kind === 'guest' ? { guest: '1' } : socketAuthQuery(),
  });
  let done = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const finish = (error?: string) => {
    if (done) return;
    done = true;
    if (timer) clearTimeout(timer);
    timer = null;
    socket.off(events.reply, onReply);
    socket.disconnect();
    if (error) handlers.onError?.(error);
    handlers.onEnd?.();
  };
  // The spec's 30 s: with no reply for that long (nothing since the question or the last chunk), give up.
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => finish(CHAT_MESSAGES.noResponse), timeoutMs);
  };
  function onReply(raw: unknown) {
    if (done) return;
    const parsed = ChatResponseSchema.safeParse(raw);
    if (!parsed.success) return;
    const reply = parsed.data;
    arm();
    if (reply.error) {
      handlers.onError?.(reply.error);
      // The server sends [END] next; it ends the reply.
      return;
    }
    if (reply.message === CHAT_END) return finish();
    if (reply.sources) handlers.onSources?.(reply.sources, reply);
    if (reply.message) handlers.onChunk?.(reply.message);
  }

  socket.on(events.reply, onReply);
  socket.on('connect_error', () => finish(CHAT_MESSAGES.connectError));
  socket.on('disconnect', (reason: string) => {
    // Ours (finish, cancel) is 'io client disconnect'; anything else cut the reply off.
    if (reason !== 'io client disconnect') finish(CHAT_MESSAGES.connectError);
  });
  arm();
  // Emitted at once: socket.io buffers it until connected.
  socket.emit(events.send, payload);
  return () => {
    if (done) return;
    if (socket.connected) socket.emit(CHAT_SOCKET_EVENTS.cancel);
    finish();
  };
}

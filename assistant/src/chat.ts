import type { Socket } from 'socket.io';
import {
  CHAT_END,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_SOCKET_EVENTS,
  GuestChatMessageSchema,
  InstructorChatMessageSchema,
  MESSAGES,
  SHARED_LIBRARY_TENANT,
  StudentChatMessageSchema,
  streamIds,
  type ChatResponse,
  type Citation,
  type PassageHit,
} from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import type { Session } from '@evergrade/platform/auth';
import type { EventStore, NewEvent } from '@evergrade/platform/event-store';
import type { RateLimiter } from '@evergrade/platform/rate-limit';
import { answer, type AskerRole, type FeedbackContext } from './engine';
import { guestDay, type GuestAllowance } from './guest';

/**
 * The chat socket's events (issue 13; spec document 1 section 7, document 2 section 7): `message` (students),
 * `message2` (instructors, on a saved conversation) and `guest-message` (anyone, shared books only), each answered
 * by a run of `response` / `guest-response` chunks, one event with the sources, then `[END]`. A refusal is one
 * event with `error`, then `[END]`. One reply at a time per socket; it stops when the socket drops, on
 * `chat.cancel`, or after 30 s, and every answer (whole or cut off) is recorded as AssistantAnswered.
 */

/** A book as the asker may see it: the shared library's or their school's. */
export type ChatBook = { textbookId: number; tenant: string; title: string; status: 'ready' | 'indexing' | 'failed' };

export type PassageQuery = { tenants: readonly string[]; textbookIds?: readonly number[] | null; query: string; limit: number };

/** What the assistant reads (read models, through @evergrade/projectors/queries). */
export type AssistantLibrary = {
  /** The book when one of these tenants has it (and it is not removed), else null. */
  book(tenants: readonly string[], textbookId: number): Promise<ChatBook | null>;
  /** The passages best matching the question, best first (searchPassages). */
  search(query: PassageQuery): Promise<PassageHit[]>;
  /** A student's own graded question, or null (not theirs, not graded, no such question). */
  feedback(tenant: string, studentId: number, assignmentId: number, questionNumber: number): Promise<FeedbackContext | null>;
};

export type AssistantDeps = {
  store: EventStore;
  library: AssistantLibrary;
  ai: AiProvider;
  limiter: RateLimiter;
  guests: GuestAllowance;
  now?: () => Date;
  /** The server's cap on one reply (default CHAT_LIMITS.replyTimeoutMs). */
  replyCapMs?: number;
  /** Questions a minute (defaults CHAT_LIMITS.userPerMinute and guestPerMinute). */
  userPerMinute?: number;
  guestPerMinute?: number;
};

/** Who is on the socket: a signed-in user, or a guest known by their allowance key. */
export type ChatIdentity = { kind: 'user'; session: Session } | { kind: 'guest'; guestKey: string; addressKey: string };

class Refusal extends Error {
  constructor(
    message: string,
    /** Sent with the error (a guest past the allowance: remainingChats 0). */
    readonly extra: Partial<ChatResponse> = {},
  ) {
    super(message);
  }
}

type Pending = { controller: AbortController; reason: 'cancel' | 'disconnect' | 'cap' | null };

/** Listens for the chat events on one connected socket. */
export function attachChat(socket: Socket, identity: ChatIdentity, deps: AssistantDeps): void {
  const now = deps.now ?? (() => new Date());
  let pending: Pending | null = null;

  const stop = (reason: NonNullable<Pending['reason']>) => {
    if (pending && !pending.controller.signal.aborted) {
      pending.reason = reason;
      pending.controller.abort();
    }
  };
  socket.on(CHAT_SOCKET_EVENTS.cancel, () => stop('cancel'));
  socket.on('disconnect', () => stop('disconnect'));

  const run = (kind: AskerRole, replyEvent: string, payload: unknown) => {
    const send = (reply: ChatResponse) => {
      if (socket.connected) socket.emit(replyEvent, reply);
    };
    const refuse = (error: string, extra: Partial<ChatResponse> = {}) => {
      send({ message: '', error, ...extra });
      send({ message: CHAT_END });
    };
    if (pending) return refuse(CHAT_MESSAGES.replyPending);
    const state: Pending = { controller: new AbortController(), reason: null };
    pending = state;
    // A listener's rejection would go unhandled (and end the process): every failure ends the reply here.
    // Released as soon as [END] is sent: the next question may come before the answer is recorded.
    const release = () => {
      if (pending === state) pending = null;
    };
    void reply(kind, payload, state, send, release)
      .catch((err: unknown) => {
        if (err instanceof Refusal) return refuse(err.message, err.extra);
        console.error('the assistant could not answer', err);
        refuse(CHAT_MESSAGES.assistantUnavailable);
      })
      .finally(release);
  };

  socket.on(CHAT_SOCKET_EVENTS.message, (payload: unknown) => run('student', CHAT_SOCKET_EVENTS.response, payload));
  socket.on(CHAT_SOCKET_EVENTS.message2, (payload: unknown) => run('instructor', CHAT_SOCKET_EVENTS.response, payload));
  socket.on(CHAT_SOCKET_EVENTS.guestMessage, (payload: unknown) => run('guest', CHAT_SOCKET_EVENTS.guestResponse, payload));

  async function reply(
    kind: AskerRole,
    payload: unknown,
    state: Pending,
    send: (r: ChatResponse) => void,
    release: () => void,
  ): Promise<void> {
    const plan = await prepare(kind, payload);
    const cap = setTimeout(() => {
      if (!state.controller.signal.aborted) {
        state.reason = 'cap';
        state.controller.abort();
      }
    }, deps.replyCapMs ?? CHAT_LIMITS.replyTimeoutMs);
    let result: Awaited<ReturnType<typeof answer>>;
    let sentAny = false;
    try {
      const hits = await deps.library.search({
        tenants: plan.tenants,
        textbookIds: plan.textbookIds,
        query: plan.retrievalQuery,
        limit: CHAT_LIMITS.passagesPerAnswer,
      });
      result = await answer({
        query: plan.query,
        role: kind,
        titles: plan.titles,
        hits,
        context: plan.context,
        ai: deps.ai,
        signal: state.controller.signal,
        emit: (chunk) => {
          sentAny = true;
          send({ message: chunk, ...(plan.conversationId !== null ? { conversationId: plan.conversationId } : {}) });
        },
      });
    } finally {
      clearTimeout(cap);
    }
    const cancelled = state.controller.signal.aborted;
    if (cancelled && state.reason === 'cap' && !sentAny) send({ message: '', error: CHAT_MESSAGES.noResponse });
    if (!cancelled || state.reason !== 'disconnect') {
      send({
        message: '',
        sources: result.sources,
        provider: result.provider,
        ...(plan.remainingChats !== null ? { remainingChats: plan.remainingChats } : {}),
        ...(plan.conversationId !== null ? { conversationId: plan.conversationId } : {}),
      });
      send({ message: CHAT_END });
    }
    release();
    // After [END]: a failure to record is logged, never shown as a second reply.
    await record(kind, plan, { ...result, cancelled }).catch((err: unknown) => console.error('an answer could not be recorded', err));
  }

  type Plan = {
    query: string;
    retrievalQuery: string;
    tenants: string[];
    textbookIds: number[];
    titles: string[];
    context: FeedbackContext | null;
    conversationId: number | null;
    remainingChats: number | null;
    stream: string;
    tenant: string;
    userId: number | null;
  };

  /** Who may ask what: every check before any passage is read (role, ownership, tenant, limits). */
  async function prepare(kind: AskerRole, payload: unknown): Promise<Plan> {
    if (kind !== 'guest' && identity.kind !== 'user') throw new Refusal(CHAT_MESSAGES.signInToChat);
    const raw = (payload ?? {}) as Record<string, unknown>;
    const query = typeof raw.query === 'string' ? raw.query.trim() : '';
    if (query === '') throw new Refusal(CHAT_MESSAGES.queryRequired);
    if (query.length > CHAT_LIMITS.maxQueryChars) throw new Refusal(CHAT_MESSAGES.queryTooLong);

    if (kind === 'guest') {
      if (identity.kind !== 'guest') throw new Refusal(MESSAGES.forbidden);
      const { guestKey, addressKey } = identity;
      const parsed = GuestChatMessageSchema.safeParse(payload);
      if (!parsed.success) throw new Refusal(malformed(parsed.error));
      await limit(`chat:guest:${guestKey}`, deps.guestPerMinute ?? CHAT_LIMITS.guestPerMinute);
      const book = await readyBook([SHARED_LIBRARY_TENANT], parsed.data.textbookId);
      const taken = await deps.guests.take({ guestKey, addressKey }, now());
      if (!taken.ok) throw new Refusal(CHAT_MESSAGES.guestLimitReached(taken.renewsAt), { remainingChats: 0 });
      return {
        query,
        retrievalQuery: query,
        tenants: [SHARED_LIBRARY_TENANT],
        textbookIds: [book.textbookId],
        titles: [book.title],
        context: null,
        conversationId: null,
        remainingChats: taken.remaining,
        stream: streamIds.guestChat(guestDay(now()), guestKey),
        tenant: SHARED_LIBRARY_TENANT,
        userId: null,
      };
    }

    const session = (identity as { session: Session }).session;
    const tenants = [SHARED_LIBRARY_TENANT, session.tenant];
    if (kind === 'student') {
      if (session.role !== 'student') throw new Refusal(MESSAGES.forbidden);
      const parsed = StudentChatMessageSchema.safeParse(payload);
      if (!parsed.success) throw new Refusal(malformed(parsed.error));
      if (parsed.data.userId !== session.userId) throw new Refusal(MESSAGES.forbidden);
      await limit(`chat:user:${session.tenant}:${session.userId}`, deps.userPerMinute ?? CHAT_LIMITS.userPerMinute);
      const book = await readyBook(tenants, parsed.data.textbookId);
      let context: FeedbackContext | null = null;
      if (parsed.data.context) {
        const c = parsed.data.context;
        context = await deps.library.feedback(session.tenant, session.userId, c.assignmentId, c.questionNumber);
        if (!context) throw new Refusal(CHAT_MESSAGES.noGradedQuestions);
      }
      return {
        query,
        retrievalQuery: context ? `${query} ${context.question} ${context.feedback}`.slice(0, 4000) : query,
        tenants,
        textbookIds: [book.textbookId],
        titles: [book.title],
        context,
        conversationId: null,
        remainingChats: null,
        stream: streamIds.assistant(session.tenant, session.userId),
        tenant: session.tenant,
        userId: session.userId,
      };
    }

    if (session.role !== 'instructor') throw new Refusal(MESSAGES.forbidden);
    const parsed = InstructorChatMessageSchema.safeParse(payload);
    if (!parsed.success) throw new Refusal(malformed(parsed.error));
    if (parsed.data.instructorId !== session.userId) throw new Refusal(MESSAGES.forbidden);
    await limit(`chat:user:${session.tenant}:${session.userId}`, deps.userPerMinute ?? CHAT_LIMITS.userPerMinute);
    const conversationId = parsed.data.conversationId;
    const conversation = await conversationOf(deps.store, session.tenant, conversationId);
    // Another instructor's, deleted, or none: the same answer, so ids reveal nothing.
    if (!conversation || conversation.deleted || conversation.ownerId !== session.userId) {
      throw new Refusal(CHAT_MESSAGES.conversationNotFound);
    }
    const books = (await Promise.all(conversation.textbookIds.map((id) => deps.library.book(tenants, id)))).filter(
      (b): b is ChatBook => b !== null,
    );
    if (books.length === 0) throw new Refusal(CHAT_MESSAGES.textbookNotFound);
    const ready = books.filter((b) => b.status === 'ready');
    if (ready.length === 0) throw new Refusal(CHAT_MESSAGES.textbookNotReady);
    return {
      query,
      retrievalQuery: query,
      tenants,
      textbookIds: ready.map((b) => b.textbookId),
      titles: ready.map((b) => b.title),
      context: null,
      conversationId,
      remainingChats: null,
      stream: streamIds.conversation(session.tenant, conversationId),
      tenant: session.tenant,
      userId: session.userId,
    };
  }

  async function limit(key: string, perMinute: number) {
    const decision = await deps.limiter.hit(key, { limit: perMinute, windowMs: 60_000 }, now());
    if (!decision.allowed) throw new Refusal(CHAT_MESSAGES.rateLimited);
  }

  async function readyBook(tenants: readonly string[], textbookId: number): Promise<ChatBook> {
    const book = await deps.library.book(tenants, textbookId);
    if (!book) throw new Refusal(CHAT_MESSAGES.textbookNotFound);
    if (book.status !== 'ready') throw new Refusal(CHAT_MESSAGES.textbookNotReady);
    return book;
  }

  async function record(
    kind: AskerRole,
    plan: Plan,
    result: { response: string; sources: Citation[]; provider: string; fallbackReason?: string; cancelled: boolean },
  ) {
    const event: NewEvent = {
      type: 'AssistantAnswered',
      data: {
        userId: plan.userId,
        role: kind,
        conversationId: plan.conversationId,
        textbookIds: plan.textbookIds,
        query: plan.query,
        response: result.response,
        sources: result.sources,
        provider: result.provider,
        ...(result.fallbackReason ? { fallbackReason: result.fallbackReason } : {}),
        ...(plan.context ? { context: 'feedback' } : {}),
        ...(result.cancelled ? { cancelled: true } : {}),
        at: now().toISOString(),
      },
      metadata: { tenant: plan.tenant, actorId: plan.userId === null ? 'guest' : String(plan.userId), actorRole: kind },
    };
    await deps.store.append(plan.stream, [event], { expectedVersion: 'any' });
  }
}

export type ConversationFacts = { ownerId: number; textbookIds: number[]; title: string; deleted: boolean };

/** A conversation folded from its stream (the write side's truth, not a read model): owner, books, deleted. */
export async function conversationOf(store: EventStore, tenant: string, conversationId: number): Promise<ConversationFacts | null> {
  const events = await store.readStream(streamIds.conversation(tenant, conversationId));
  let facts: ConversationFacts | null = null;
  for (const e of events) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'ConversationStarted') {
      facts = {
        ownerId: Number(d.ownerId),
        textbookIds: Array.isArray(d.textbookIds) ? d.textbookIds.map(Number) : [],
        title: String(d.title ?? ''),
        deleted: false,
      };
    } else if (facts && e.type === 'ConversationRenamed') facts.title = String(d.title ?? facts.title);
    else if (facts && e.type === 'ConversationDeleted') facts.deleted = true;
  }
  return facts;
}

/** A payload that is not the event's shape: its first problem, named by field (e.g. "textbookId: Invalid input: expected number"). */
export function malformed(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid message';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { parse as parseCookie } from 'cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { SESSION_COOKIE, SHARED_LIBRARY_TENANT, SOCKET_EVENTS, noticeKeys } from '@evergrade/contracts';
import {
  GUEST_COOKIE,
  addressKeyOf,
  attachChat,
  guestKeyOf,
  verifyGuestCookie,
  type AssistantDeps,
  type ChatIdentity,
} from '@evergrade/assistant';
import type { Session, SessionStore } from '@evergrade/platform/auth';
import type { NoticeBus } from '@evergrade/platform/bus';
import type { Database } from '@evergrade/platform/sql';
import { courseIdsOfUser, hasStudentAssignment, saCourseOfAssignment, teachesAnyOf } from '@evergrade/projectors/queries';

export type GatewayDeps = {
  sessions: SessionStore;
  bus: NoticeBus;
  db: Database;
  /**
   * The study assistant's chat events (issue 13). With it, a client without a session (or asking as a guest with
   * `query.guest`) connects as a guest, who may only send `guest-message`; without it such clients are refused.
   */
  assistant?: AssistantGatewayDeps;
  /**
   * REDIS_URL: the socket.io adapter over Redis, so that an emit to a room on one query-service replica reaches that
   * room's sockets on every replica (io.to(room).emit). Unset: the in-memory adapter (one process).
   */
  redisUrl?: string | undefined;
};

export type Gateway = {
  io: Server;
  /** Sockets connected to this process (the socket clients gauge). */
  clients(): number;
  close(): Promise<void>;
};

export type AssistantGatewayDeps = AssistantDeps & {
  /** Signs the guest cookie (GUEST_COOKIE). */
  guestSecret: string;
  /** Take the client's address from X-Forwarded-For (TRUST_PROXY), as the HTTP routes do. */
  trustProxy: boolean;
};

const room = (tenant: string, key: string) => `${tenant}:${key}`;
/** Every signed-in socket (not guests): a rebuilt read model's notice goes to all of them. */
const SIGNED_IN_ROOM = '*:signed-in';

/**
 * Live updates: sockets authenticate with the session cookie and join their user room (and, for
 * students, their courses); projection notices are forwarded to the rooms of the keys they name.
 */
export async function attachGateway(server: HttpServer, deps: GatewayDeps): Promise<Gateway> {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  const redis = deps.redisUrl ? await connectRedisAdapter(deps.redisUrl) : null;
  if (redis) io.adapter(redis.adapter);

  // A signed-in client sends its session cookie with `query: { tenant, csrf }`: the CSRF token must be the session's
  // (a page of another site can open a socket with the cookie, but cannot read the token), and a tenant, when sent,
  // the session's (as the X-Tenant header). Without a session, or asking as a guest, a client is a guest.
  io.use(async (socket, next) => {
    try {
      const cookies = parseCookie(socket.handshake.headers.cookie ?? '');
      const query = socket.handshake.query as Record<string, unknown>;
      const asGuest = query.guest === '1' || query.guest === 'true';
      const token = asGuest ? undefined : cookies[SESSION_COOKIE];
      const session = token ? await deps.sessions.find(token) : null;
      if (session) {
        const tenant = typeof query.tenant === 'string' ? query.tenant : '';
        if (query.csrf !== session.csrfToken || (tenant !== '' && tenant !== session.tenant)) return next(new Error('forbidden'));
        socket.data.session = session;
        return next();
      }
      const assistant = deps.assistant;
      if (!assistant) return next(new Error('unauthorized'));
      const guestId = verifyGuestCookie(assistant.guestSecret, cookies[GUEST_COOKIE]);
      const address = clientAddress(socket, assistant.trustProxy);
      socket.data.guest = { guestKey: guestKeyOf(guestId, address), addressKey: addressKeyOf(address) };
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  io.on('connection', async (socket: Socket) => {
    const session = socket.data.session as Session | undefined;
    // Listeners first: a message sent right after connecting must not arrive before them.
    if (deps.assistant) {
      const guest = socket.data.guest as { guestKey: string; addressKey: string };
      const identity: ChatIdentity = session ? { kind: 'user', session } : { kind: 'guest', ...guest };
      attachChat(socket, identity, deps.assistant);
    }
    // Guests join no rooms and watch nothing.
    if (!session) return;
    // The watch listener before the joins' awaits (a course lookup on the database): a client that asks right after
    // connecting (the UI re-watches its assignments on every connect) must not find nobody listening.
    const joined = joinRooms(socket, session, deps.db);
    socket.on(SOCKET_EVENTS.watchAssignment, async (payload: unknown, ack?: (r: { ok: boolean }) => void) => {
      const id = Number((payload as { assignment_id?: unknown } | null)?.assignment_id);
      // A listener's rejection would go unhandled (and end the process): any failure is a refusal.
      const ok = Number.isInteger(id) && id > 0 && (await mayWatch(deps.db, session, id).catch(() => false));
      if (ok)
        await joined.then(
          () => socket.join(room(session.tenant, noticeKeys.assignment(id))),
          () => undefined,
        );
      if (typeof ack === 'function') ack({ ok });
    });
    await joined;
  });

  // Every replica hears every notice on the bus (PostgreSQL LISTEN), so each tells its own sockets only (io.local):
  // through the adapter, N replicas would each tell every replica's sockets, and a client would hear a notice N times.
  const unsubscribe = await deps.bus.subscribe(async (notice) => {
    // A rebuilt read model (tenant '*', projectors' rebuild.ts): every client refetches what it shows.
    if (notice.tenant === '*') {
      io.local.to(SIGNED_IN_ROOM).emit(SOCKET_EVENTS.projectionUpdated, {
        projection: notice.projection,
        keys: notice.keys,
        position: notice.position,
        rebuilt: true,
      });
      return;
    }
    // Only the rooms someone here is in: a notice nobody of this replica listens to is not encoded at all.
    const here = io.of('/').adapter.rooms;
    const rooms = notice.keys.map((k) => room(notice.tenant, k)).filter((r) => here.has(r));
    if (rooms.length === 0) return;
    io.local
      .to(rooms)
      .emit(SOCKET_EVENTS.projectionUpdated, { projection: notice.projection, keys: notice.keys, position: notice.position });
  });

  return {
    io,
    clients: () => io.engine.clientsCount,
    async close() {
      await unsubscribe();
      // Not io.close(): that would close the HTTP server, which belongs to whoever created it.
      io.local.disconnectSockets(true);
      io.engine.close();
      await redis?.close();
    },
  };
}

/** Two connections (the adapter publishes on one and subscribes on the other); a lost Redis is logged and retried. */
async function connectRedisAdapter(url: string) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  const onError = (err: unknown) => console.error('socket.io adapter: Redis', err instanceof Error ? err.message : err);
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub),
    close: async () => {
      await Promise.all([pub.close(), sub.close()]);
    },
  };
}

/** The client's address: the socket's peer, or behind a trusted proxy the first X-Forwarded-For address. */
function clientAddress(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : socket.handshake.address;
}

/** A signed-in socket's rooms: every signed-in socket's, its user's, its school's (admins), the textbooks', its courses'. */
async function joinRooms(socket: Socket, session: Session, db: Database): Promise<void> {
  await socket.join(SIGNED_IN_ROOM);
  await socket.join(room(session.tenant, noticeKeys.user(session.userId)));
  if (session.role === 'admin') await socket.join(room(session.tenant, noticeKeys.school()));
  // The textbook list (the school's own books and the shared library's) changed: every signed-in socket hears it.
  await socket.join([room(session.tenant, noticeKeys.textbooks()), room(SHARED_LIBRARY_TENANT, noticeKeys.textbooks())]);
  for (const courseId of await coursesOf(db, session)) await socket.join(room(session.tenant, noticeKeys.course(courseId)));
}

async function coursesOf(db: Database, s: Session): Promise<number[]> {
  return courseIdsOfUser(db, s.tenant, s.userId, s.role).catch(() => []);
}

async function mayWatch(db: Database, s: Session, assignmentId: number): Promise<boolean> {
  if (s.role === 'student') return hasStudentAssignment(db, s.tenant, s.userId, assignmentId);
  const courseId = await saCourseOfAssignment(db, s.tenant, assignmentId);
  return courseId !== null && teachesAnyOf(db, s.tenant, s.userId, [courseId]);
}

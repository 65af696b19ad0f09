import { io, type ManagerOptions, type Socket } from 'socket.io-client';
import { CSRF_COOKIE, ProjectionUpdatedSchema, SOCKET_EVENTS, type ProjectionUpdated } from '@evergrade/contracts';
import { useSessionStore } from '../stores/session';
import { readCookie } from './api-client';

/**
 * What a signed-in socket sends in its connection query (spec document 2 section 7): the tenant and the CSRF token
 * (the csrf cookie's value); the server refuses a connection whose values are not the session's. Read at each
 * (re)connection, so a new sign-in's values are used.
 */
export function socketAuthQuery(): Record<string, string> {
  return { tenant: useSessionStore.getState().tenant ?? '', csrf: readCookie(CSRF_COOKIE) ?? '' };
}

/**
 * One same-origin socket per tab, authenticated by the session cookie and socketAuthQuery(). The server sends
 * `projection.updated` notices; listeners invalidate the matching queries.
 */
type Listener = (notice: ProjectionUpdated) => void;

/**
 * WebSocket first: one connection stays on the query-service replica it reached, so no load balancer needs sticky
 * sessions (long-polling's requests could each reach another replica). Polling only where a WebSocket cannot open.
 */
export const SOCKET_TRANSPORTS: Partial<ManagerOptions> = { transports: ['websocket', 'polling'], tryAllTransports: true };

let socket: Socket | null = null;
const listeners = new Set<Listener>();
const reconnectListeners = new Set<() => void>();
const watched = new Map<number, number>();
const REBUILT_SETTLE_MS = 300;
let rebuiltTimer: ReturnType<typeof setTimeout> | null = null;

function ensureSocket(): Socket {
  if (socket) return socket;
  const s = io({ path: '/socket.io', ...SOCKET_TRANSPORTS, withCredentials: true, autoConnect: false, query: socketAuthQuery() });
  let connectedBefore = false;
  // The query is the manager's: refresh it before every reconnection attempt (a new sign-in has a new token).
  s.io.on('reconnect_attempt', () => {
    s.io.opts.query = socketAuthQuery();
  });
  s.on('connect', () => {
    for (const id of watched.keys()) s.emit(SOCKET_EVENTS.watchAssignment, { assignment_id: id });
    // Notices sent while we were away are lost: treat everything as stale after a reconnect.
    if (connectedBefore) reconnectListeners.forEach((fn) => fn());
    connectedBefore = true;
  });
  s.on(SOCKET_EVENTS.projectionUpdated, (payload: unknown) => {
    const parsed = ProjectionUpdatedSchema.safeParse(payload);
    if (!parsed.success) console.warn('Ignoring malformed projection notice', payload);
    // A read model was rebuilt and swapped in: as after a reconnect, everything shown may be stale. "Rebuild all"
    // swaps one read model after another within moments: refetch once they have settled, not once per swap.
    else if (parsed.data.rebuilt) {
      if (rebuiltTimer) clearTimeout(rebuiltTimer);
      rebuiltTimer = setTimeout(() => {
        rebuiltTimer = null;
        reconnectListeners.forEach((fn) => fn());
      }, REBUILT_SETTLE_MS);
    } else listeners.forEach((fn) => fn(parsed.data));
  });
  socket = s;
  return s;
}

export function connectSocket(): void {
  const s = ensureSocket();
  s.io.opts.query = socketAuthQuery();
  if (!s.connected) s.connect();
}

export function disconnectSocket(): void {
  if (rebuiltTimer) clearTimeout(rebuiltTimer);
  rebuiltTimer = null;
  socket?.disconnect();
  socket = null;
  watched.clear();
}

export function onProjectionUpdated(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function onReconnect(fn: () => void): () => void {
  reconnectListeners.add(fn);
  return () => reconnectListeners.delete(fn);
}

/** Join an assignment's room; returns a release function (rooms are re-joined after reconnects). */
export function watchAssignment(assignmentId: number): () => void {
  watched.set(assignmentId, (watched.get(assignmentId) ?? 0) + 1);
  if (socket?.connected) socket.emit(SOCKET_EVENTS.watchAssignment, { assignment_id: assignmentId });
  return () => {
    const n = (watched.get(assignmentId) ?? 1) - 1;
    if (n <= 0) watched.delete(assignmentId);
    else watched.set(assignmentId, n);
  };
}

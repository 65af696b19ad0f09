import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  ForbiddenError,
  MESSAGES,
  OPERATOR_KEY_HEADER,
  OPERATOR_MESSAGES,
  SESSION_COOKIE,
  TENANT_HEADER,
  UnauthorizedError,
  type RouteAccess,
} from '@evergrade/contracts';
import type { Session, SessionStore } from '../auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /** The platform operator's key (`operator` routes); null: those routes answer 403. */
    operatorKey: string | null;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * An `operator` route: the operator key in its header, compared in constant time; a school session is neither needed
 * nor enough. 403, never 401 (the client would take a 401 for a lost session). No CSRF check: a page of another site
 * cannot send a custom header here (no CORS), and no cookie is involved.
 */
function checkOperator(request: FastifyRequest): void {
  const key = request.server.operatorKey;
  if (!key) throw new ForbiddenError(OPERATOR_MESSAGES.off);
  const given = request.headers[OPERATOR_KEY_HEADER];
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(key))) throw new ForbiddenError(OPERATOR_MESSAGES.keyRequired);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who may call a route, checked on the server before any read or decision: session, role, tenant, CSRF. */
export function authGuard(sessions: SessionStore, access: RouteAccess) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.session = null;
    if (access === 'public') return;
    if (access === 'operator') return checkOperator(request);
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessions.find(token) : null;
    if (!session) throw new UnauthorizedError(MESSAGES.notAuthenticated);
    const allowed =
      access === 'authenticated' ||
      session.role === access ||
      (access === 'staff' && (session.role === 'instructor' || session.role === 'admin'));
    if (!allowed) throw new ForbiddenError(MESSAGES.forbidden);
    const tenantHeader = request.headers[TENANT_HEADER];
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== session.tenant) {
      throw new ForbiddenError(MESSAGES.tenantMismatch);
    }
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || header !== session.csrfToken || request.cookies[CSRF_COOKIE] !== header) {
        throw new ForbiddenError(MESSAGES.csrfMissing);
      }
    }
    request.session = session;
  };
}

/** The session of a guarded route; its presence was checked by the guard. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new UnauthorizedError(MESSAGES.notAuthenticated);
  return request.session;
}

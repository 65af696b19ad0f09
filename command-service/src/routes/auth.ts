import type { FastifyInstance } from 'fastify';
import {
  CSRF_COOKIE, MESSAGES, SESSION_COOKIE, TooManyRequestsError, UnauthorizedError, routes, tenantOfEmail,
} from '@evergrade/contracts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '@evergrade/platform/auth';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { findUserByEmail } from '../user/lookup';
import { ACCOUNT_MESSAGES as M } from '../verification/messages';
import { openSession, sessionCookieBase } from './session-cookies';

/**
 * Password guessing: failures per address (a success clears them), and failures per client IP, so one
 * address cannot be hammered and one client cannot sweep many addresses. Only failures count per IP: a
 * whole school signs in from behind one address at the start of a lesson.
 */
export const LOGIN_LIMITS = {
  address: { limit: 10, windowMs: 15 * 60_000 },
  ip: { limit: 100, windowMs: 15 * 60_000 },
} as const;

const tooMany = (retryAfterMs: number) => new TooManyRequestsError(M.tooManyLogins(Math.max(1, Math.ceil(retryAfterMs / 60_000))));

export function authRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const cookieBase = sessionCookieBase(deps);

  registerRoute(app, deps.sessions, routes.login, async (request, reply) => {
    const { email, password } = request.body;
    const now = deps.now();
    const addressKey = `login:address:${email.toLowerCase()}`;
    const ipKey = `login:ip:${request.ip}`;
    const byIp = await deps.limiter.check(ipKey, LOGIN_LIMITS.ip, now);
    if (!byIp.allowed) throw tooMany(byIp.retryAfterMs);
    // Counted before checking, so a burst of parallel guesses cannot all slip under the limit; a success clears it.
    const byAddress = await deps.limiter.hit(addressKey, LOGIN_LIMITS.address, now);
    if (!byAddress.allowed) throw tooMany(byAddress.retryAfterMs);
    const tenant = tenantOfEmail(email);
    const user = tenant ? await findUserByEmail(deps.store, tenant, email) : null;
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!tenant || !user || !ok) {
      await deps.limiter.hit(ipKey, LOGIN_LIMITS.ip, now);
      throw new UnauthorizedError(MESSAGES.loginFailed);
    }
    await deps.limiter.reset(addressKey);
    if (user.role !== request.params.role) throw new UnauthorizedError(MESSAGES.notRegisteredAs(user.email, request.params.role));
    const profile = { tenant, userId: user.userId, role: user.role, email: user.email, firstName: user.firstName, lastName: user.lastName };
    await openSession(deps, reply, profile);
    return profile;
  });

  registerRoute(app, deps.sessions, routes.logout, async (request, reply) => {
    sessionOf(request);
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deps.sessions.revoke(token);
    reply.clearCookie(SESSION_COOKIE, cookieBase).clearCookie(CSRF_COOKIE, cookieBase);
    return { success: true as const };
  });
}

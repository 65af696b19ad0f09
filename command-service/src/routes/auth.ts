import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, MESSAGES, SESSION_COOKIE, UnauthorizedError, routes, tenantOfEmail } from '@evergrade/contracts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '@evergrade/platform/auth';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { findUserByEmail } from '../user/lookup';
import { LOGIN_LIMITS, claimLoginAttempt } from './login-limits';
import { openSession, sessionCookieBase } from './session-cookies';

export function authRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const cookieBase = sessionCookieBase(deps);

  registerRoute(app, deps.sessions, routes.login, async (request, reply) => {
    const { email, password } = request.body;
    const now = deps.now();
    // Claimed before the password is checked (see login-limits.ts): per (address, client) backoff, per-IP failures.
    const attempt = await claimLoginAttempt(deps.limiter, deps.loginLimits ?? LOGIN_LIMITS, reply, email, request.ip, now);
    const tenant = tenantOfEmail(email);
    const user = tenant ? await findUserByEmail(deps.store, tenant, email) : null;
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!tenant || !user || !ok) {
      await attempt.failed();
      throw new UnauthorizedError(MESSAGES.loginFailed);
    }
    await attempt.succeeded();
    const role = request.params.role;
    // An analyst signs in only at /auth/login/analyst; the grant may sit on an instructor's or admin's own account.
    const allowed = role === 'analyst' ? user.analyst : user.role === role;
    if (!allowed) throw new UnauthorizedError(MESSAGES.notRegisteredAs(user.email, role));
    const profile = { tenant, userId: user.userId, role, email: user.email, firstName: user.firstName, lastName: user.lastName };
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

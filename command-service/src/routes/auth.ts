import type { FastifyInstance } from 'fastify';
import {
  CSRF_COOKIE, MESSAGES, SESSION_COOKIE, UnauthorizedError, routes, tenantOfEmail,
} from '@evergrade/contracts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '@evergrade/platform/auth';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { findUserByEmail } from '../user/lookup';

export function authRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const cookieBase = { path: '/', sameSite: 'lax', secure: deps.cookieSecure } as const;

  registerRoute(app, deps.sessions, routes.login, async (request, reply) => {
    const { email, password } = request.body;
    const tenant = tenantOfEmail(email);
    const user = tenant ? await findUserByEmail(deps.store, tenant, email) : null;
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!tenant || !user || !ok) throw new UnauthorizedError(MESSAGES.loginFailed);
    if (user.role !== request.params.role) throw new UnauthorizedError(MESSAGES.notRegisteredAs(user.email, request.params.role));
    const profile = { tenant, userId: user.userId, role: user.role, email: user.email, firstName: user.firstName, lastName: user.lastName };
    const { token, session } = await deps.sessions.create(profile);
    const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, httpOnly: true, maxAge });
    reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...cookieBase, httpOnly: false, maxAge });
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

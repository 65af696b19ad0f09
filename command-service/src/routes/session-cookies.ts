import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE, type SessionUser } from '@evergrade/contracts';
import type { CommandServiceDeps } from '../context';

export const sessionCookieBase = (deps: Pick<CommandServiceDeps, 'cookieSecure'>) =>
  ({ path: '/', sameSite: 'lax', secure: deps.cookieSecure }) as const;

/** Opens a session for `user` and sets its cookies: the session (httpOnly) and the CSRF token the client echoes. */
export async function openSession(
  deps: Pick<CommandServiceDeps, 'sessions' | 'cookieSecure'>,
  reply: FastifyReply,
  user: SessionUser,
): Promise<void> {
  const { token, session } = await deps.sessions.create(user);
  const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
  const base = sessionCookieBase(deps);
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true, maxAge });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false, maxAge });
}

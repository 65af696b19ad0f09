import type { FastifyInstance } from 'fastify';
import { routes } from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { ACCOUNT_MESSAGES as M } from '../verification/messages';
import { openSession } from './session-cookies';
import { createAccount, requestSignupCode, verifySignupCode } from '../verification/signup';

/** /auth/signup/*: public; creating the account opens its session (cookies as at login); the statuses are the spec's (403 not authorised or not verified, 409, 410, 401, 429). */
export function signupRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.signupRequestVerification, async (request) => {
    await requestSignupCode(deps, request.body);
    return { message: M.codeSent };
  });

  registerRoute(app, deps.sessions, routes.signupVerifyCode, async (request) => {
    const school = await verifySignupCode(deps, request.body);
    return { message: M.codeVerified, school };
  });

  // A new account is signed in at once (spec: success lands on the role's home, not on /login).
  registerRoute(app, deps.sessions, routes.signupInstructor, async (request, reply) => {
    const { preferredTitle, ...account } = request.body;
    const user = await createAccount(deps, { ...account, role: 'instructor', title: preferredTitle });
    await openSession(deps, reply, user);
    return { message: M.accountCreated, userId: user.userId, user };
  });

  registerRoute(app, deps.sessions, routes.signupStudent, async (request, reply) => {
    const { grade, ...account } = request.body;
    const user = await createAccount(deps, { ...account, role: 'student', class: grade });
    await openSession(deps, reply, user);
    return { message: M.accountCreated, userId: user.userId, user };
  });
}

import type { FastifyInstance } from 'fastify';
import { routes } from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { ACCOUNT_MESSAGES as M } from '../verification/messages';
import { createAccount, requestSignupCode, verifySignupCode } from '../verification/signup';

/** /auth/signup/*: public; the statuses are the spec's (403 not authorised or not verified, 409, 410, 401, 429). */
export function signupRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.signupRequestVerification, async (request) => {
    await requestSignupCode(deps, request.body);
    return { message: M.codeSent };
  });

  registerRoute(app, deps.sessions, routes.signupVerifyCode, async (request) => {
    const school = await verifySignupCode(deps, request.body);
    return { message: M.codeVerified, school };
  });

  registerRoute(app, deps.sessions, routes.signupInstructor, async (request) => {
    const { preferredTitle, ...account } = request.body;
    const userId = await createAccount(deps, { ...account, role: 'instructor', title: preferredTitle });
    return { message: M.accountCreated, userId };
  });

  registerRoute(app, deps.sessions, routes.signupStudent, async (request) => {
    const { grade, ...account } = request.body;
    const userId = await createAccount(deps, { ...account, role: 'student', class: grade });
    return { message: M.accountCreated, userId };
  });
}

import type { FastifyInstance } from 'fastify';
import {
  SESSION_COOKIE,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  MESSAGES,
  routes,
  streamIds,
} from '@evergrade/contracts';
import { hashPassword, verifyPassword } from '@evergrade/platform/auth';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { loadUser } from '../user/lookup';
import { userDecider } from '../user/user';
import { ACCOUNT_MESSAGES as M } from '../verification/messages';
import { requestResetCode, resetPassword, verifyResetCode } from '../verification/password-reset';

/** A stolen session should not be able to guess its way to the password; same budget as a login address. */
const CURRENT_PASSWORD_RULE = { limit: 10, windowMs: 15 * 60_000 };

export function passwordRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.forgotPasswordRequest, async (request) => {
    await requestResetCode(deps, request.body.email);
    return { message: M.resetCodeSent };
  });

  registerRoute(app, deps.sessions, routes.forgotPasswordVerify, async (request) => {
    const userType = await verifyResetCode(deps, request.body.email, request.body.code);
    return { message: M.codeVerified, userType };
  });

  registerRoute(app, deps.sessions, routes.forgotPasswordReset, async (request) => {
    await resetPassword(deps, request.body);
    return { message: M.passwordReset };
  });

  /** Keeps the session that made the change and ends the user's others. */
  registerRoute(app, deps.sessions, routes.changePassword, async (request) => {
    const s = sessionOf(request);
    const key = `change-password:${s.tenant}:${s.userId}`;
    const gate = await deps.limiter.hit(key, CURRENT_PASSWORD_RULE, deps.now());
    if (!gate.allowed) throw new TooManyRequestsError(M.tooManyPasswordAttempts(Math.max(1, Math.ceil(gate.retryAfterMs / 60_000))));
    const user = await loadUser(deps.store, s.tenant, s.userId);
    if (!user) throw new UnauthorizedError(MESSAGES.notAuthenticated);
    if (!(await verifyPassword(request.body.currentPassword, user.passwordHash)))
      throw new ValidationError(M.currentPasswordWrong, 'currentPassword');
    await deps.limiter.reset(key);
    await handleCommand(
      deps.store,
      streamIds.user(s.tenant, s.userId),
      userDecider,
      {
        type: 'ChangePassword',
        passwordHash: await hashPassword(request.body.newPassword),
        reason: 'changed',
        now: deps.now().toISOString(),
      },
      { metadata: { tenant: s.tenant, actorId: String(s.userId), actorRole: s.role } },
    );
    await deps.sessions.revokeOthersFor(s.tenant, s.userId, request.cookies[SESSION_COOKIE] ?? '');
    return { message: M.passwordChanged };
  });
}

import { NotFoundError, streamIds, tenantOfEmail } from '@evergrade/contracts';
import { hashPassword } from '@evergrade/platform/auth';
import type { SessionStore } from '@evergrade/platform/auth';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Mailer } from '@evergrade/platform/mail';
import { handleCommand } from '../decider';
import { loadSchool } from '../school/school';
import { findUserByEmail } from '../user/lookup';
import { userDecider, type ActiveUser } from '../user/user';
import { issueCode, presentCode } from './codes';
import { ACCOUNT_MESSAGES as M } from './messages';

/** Forgot password (spec document 3): the spec's page says 404 for an unknown address, so that is what it gets. */
export type ResetDeps = { store: EventStore; mailer: Mailer; sessions: SessionStore; now: () => Date };

async function accountOf(store: EventStore, email: string): Promise<{ tenant: string; user: ActiveUser }> {
  const tenant = tenantOfEmail(email);
  const user = tenant ? await findUserByEmail(store, tenant, email) : null;
  if (!tenant || !user) throw new NotFoundError(M.noAccount);
  return { tenant, user };
}

const meta = (tenant: string, user: ActiveUser) => ({ tenant, actorRole: 'public', actorId: String(user.userId) });

export async function requestResetCode(deps: ResetDeps, email: string): Promise<void> {
  const { tenant, user } = await accountOf(deps.store, email);
  const school = await loadSchool(deps.store, tenant);
  const schoolName = school.status === 'active' ? school.name : tenant;
  await issueCode(deps, { tenant, purpose: 'password_reset', email: user.email, role: user.role, schoolName }, meta(tenant, user));
}

export async function verifyResetCode(deps: ResetDeps, email: string, code: string): Promise<ActiveUser['role']> {
  const { tenant, user } = await accountOf(deps.store, email);
  await presentCode(deps, { tenant, purpose: 'password_reset', email: user.email }, 'VerifyCode', code, meta(tenant, user));
  return user.role;
}

/** Uses the code up first (so it works once even when two resets race), then sets the password and ends every session. */
export async function resetPassword(deps: ResetDeps, input: { email: string; code: string; password: string }): Promise<void> {
  const { tenant, user } = await accountOf(deps.store, input.email);
  await presentCode(deps, { tenant, purpose: 'password_reset', email: user.email }, 'UseCode', input.code, meta(tenant, user));
  await handleCommand(
    deps.store,
    streamIds.user(tenant, user.userId),
    userDecider,
    {
      type: 'ChangePassword',
      passwordHash: await hashPassword(input.password),
      reason: 'reset',
      now: deps.now().toISOString(),
    },
    { metadata: meta(tenant, user) },
  );
  await deps.sessions.revokeAllFor(tenant, user.userId);
}

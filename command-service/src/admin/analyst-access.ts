import { randomBytes } from 'node:crypto';
import { NotFoundError, ValidationError, streamIds, tenantOfEmail } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { SessionStore } from '@evergrade/platform/auth';
import { handleCommand } from '../decider';
import { loadUser } from '../user/lookup';
import { userDecider } from '../user/user';
import { registerUser } from '../school';
import { changeSchool } from './school-settings';
import { metadataOf, type Actor } from './meta';

/**
 * The school admin grants or revokes the analyst role: an event on the person's own user stream. A revoke ends the
 * person's analyst sessions at once (their other sessions, e.g. as an instructor, go on).
 */
export async function setAnalystAccess(
  store: EventStore,
  sessions: SessionStore,
  actor: Actor,
  userId: number,
  allowed: boolean,
  now: Date,
): Promise<string | null> {
  if (!(await loadUser(store, actor.tenant, userId))) throw new NotFoundError('User not found');
  const command = { type: 'SetAnalystAccess' as const, allowed, by: actor.actorId ?? null, now: now.toISOString() };
  const result = await handleCommand(store, streamIds.user(actor.tenant, userId), userDecider, command, {
    metadata: metadataOf(actor),
  });
  if (!allowed) await sessions.revokeRoleFor(actor.tenant, userId, 'analyst');
  return result.position;
}

/** Whether the school's analysts see names (off by default: pseudonymised): an event on the school's stream. */
export function setAnalystNames(store: EventStore, actor: Actor, allowed: boolean, now: Date): Promise<string | null> {
  return changeSchool(store, actor, { type: 'SetAnalystNames', allowed, by: actor.actorId ?? null, now: now.toISOString() });
}

export type AnalystInvite = { email: string; firstName: string; lastName: string };

/**
 * An analyst account, for someone who neither teaches nor runs the school: registered with the analyst role (which holds
 * the grant from registration) and a random password nobody knows; the person sets their own with 'Forgot password'.
 * The address must be the school's, since every login finds its school by the address's domain.
 */
export async function inviteAnalyst(store: EventStore, actor: Actor, invite: AnalystInvite, now: Date) {
  if (tenantOfEmail(invite.email) !== actor.tenant) {
    throw new ValidationError(`email must be an address of your school (name@${actor.tenant}.…)`, 'email');
  }
  const password = randomBytes(24).toString('base64url');
  const registrar = {
    tenant: actor.tenant,
    actorRole: 'admin' as const,
    ...(actor.actorId !== undefined ? { actorId: actor.actorId } : {}),
  };
  const userId = await registerUser(store, registrar, { ...invite, role: 'analyst', password }, now);
  const events = await store.readStream(streamIds.user(actor.tenant, userId));
  return { userId, position: events.at(-1)?.globalPosition ?? null };
}

import { NotFoundError, streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { handleCommand } from '../decider';
import { metadataOf, type Actor } from '../admin/meta';
import { loadUser } from '../user/lookup';
import { userDecider } from '../user/user';

/**
 * Who may use Smart Builder is a per-instructor permission the school admin sets: an event on the
 * instructor's own stream, not a list of ids in code.
 */
export async function setSmartBuilderAccess(
  store: EventStore,
  actor: Actor,
  userId: number,
  allowed: boolean,
  now: Date,
): Promise<string | null> {
  if (!(await loadUser(store, actor.tenant, userId))) throw new NotFoundError('User not found');
  const result = await handleCommand(
    store,
    streamIds.user(actor.tenant, userId),
    userDecider,
    {
      type: 'SetSmartBuilderAccess',
      allowed,
      by: actor.actorId ?? null,
      now: now.toISOString(),
    },
    { metadata: metadataOf(actor) },
  );
  return result.position;
}

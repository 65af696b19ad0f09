import { NotFoundError, streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { SessionStore } from '@evergrade/platform/auth';
import { handleCommand } from '../decider';
import { releaseEmail, reserveEmail } from '../user/email-reservation';
import { loadUser } from '../user/lookup';
import { userDecider } from '../user/user';
import { metadataOf, type Actor } from './meta';

export type UserChanges = {
  email?: string | undefined;
  class?: string | undefined;
  section?: string | undefined;
  enrollmentDate?: string | undefined;
};

/**
 * The admin's edits of a user. A new e-mail is reserved before the user's stream records it and the old
 * one released after, so an address is never held by two users; the user's sessions end with the change.
 */
export async function updateUser(
  store: EventStore,
  sessions: SessionStore,
  actor: Actor,
  userId: number,
  changes: UserChanges,
  now: Date,
): Promise<string | null> {
  const user = await loadUser(store, actor.tenant, userId);
  if (!user) throw new NotFoundError('User not found');
  const meta = metadataOf(actor);
  const at = now.toISOString();
  let position: string | null = null;
  const email = changes.email?.toLowerCase();
  if (email && email !== user.email) {
    await reserveEmail(store, actor.tenant, email, userId, meta);
    const r = await handleCommand(
      store,
      streamIds.user(actor.tenant, userId),
      userDecider,
      { type: 'ChangeEmail', email, now: at },
      { metadata: meta },
    );
    await releaseEmail(store, actor.tenant, user.email, userId, meta);
    await sessions.revokeAllFor(actor.tenant, userId);
    position = r.position;
  }
  const { class: cls, section, enrollmentDate } = changes;
  if (cls !== undefined || section !== undefined || enrollmentDate !== undefined) {
    const r = await handleCommand(
      store,
      streamIds.user(actor.tenant, userId),
      userDecider,
      {
        type: 'UpdateDetails',
        now: at,
        ...(cls !== undefined ? { class: cls } : {}),
        ...(section !== undefined ? { section } : {}),
        ...(enrollmentDate !== undefined ? { enrollmentDate } : {}),
      },
      { metadata: meta },
    );
    position = r.position ?? position;
  }
  return position;
}

import { streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { fold } from '../decider';
import { currentHolder } from './email-reservation';
import { userDecider, type ActiveUser } from './user';

/** Finds a user by e-mail through the reservation stream: consistent at once, no read model in the way. */
export async function findUserByEmail(store: EventStore, tenant: string, email: string): Promise<ActiveUser | null> {
  const userId = await currentHolder(store, tenant, email);
  return userId === null ? null : loadUser(store, tenant, userId);
}

export async function loadUser(store: EventStore, tenant: string, userId: number): Promise<ActiveUser | null> {
  const user = fold(userDecider, await store.readStream(streamIds.user(tenant, userId)));
  return user.status === 'active' ? user : null;
}

import { streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { fold } from '../decider';
import { userDecider, type User } from './user';

/** Finds a user by e-mail through the reservation stream: consistent at once, no read model in the way. */
export async function findUserByEmail(store: EventStore, tenant: string, email: string): Promise<User & { status: 'active' } | null> {
  const reservation = await store.readStream(streamIds.userEmail(tenant, email));
  const userId = reservation[0]?.data.userId;
  if (typeof userId !== 'number') return null;
  return loadUser(store, tenant, userId);
}

export async function loadUser(store: EventStore, tenant: string, userId: number): Promise<User & { status: 'active' } | null> {
  const user = fold(userDecider, await store.readStream(streamIds.user(tenant, userId)));
  return user.status === 'active' ? user : null;
}

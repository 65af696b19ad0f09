import { ConflictError, streamIds } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventMetadata, type EventStore } from '@evergrade/platform/event-store';

/**
 * An address belongs to one user per school. The reservation stream is the lock: appending with the
 * version just read means two concurrent signups (or e-mail changes) cannot both take it.
 */
export async function currentHolder(store: EventStore, tenant: string, email: string): Promise<number | null> {
  const events = await store.readStream(streamIds.userEmail(tenant, email));
  const last = events.at(-1);
  return last?.type === 'EmailReserved' ? Number(last.data.userId) : null;
}

export async function reserveEmail(
  store: EventStore,
  tenant: string,
  email: string,
  userId: number,
  metadata: EventMetadata,
): Promise<void> {
  const stream = streamIds.userEmail(tenant, email);
  const events = await store.readStream(stream);
  if (events.at(-1)?.type === 'EmailReserved') throw new ConflictError(`${email} is already registered`);
  try {
    await store.append(stream, [{ type: 'EmailReserved', data: { email, userId }, metadata }], {
      expectedVersion: events.length === 0 ? 'no_stream' : events.length,
    });
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw new ConflictError(`${email} is already registered`);
    throw err;
  }
}

export async function releaseEmail(
  store: EventStore,
  tenant: string,
  email: string,
  userId: number,
  metadata: EventMetadata,
): Promise<void> {
  const stream = streamIds.userEmail(tenant, email);
  const events = await store.readStream(stream);
  const last = events.at(-1);
  if (last?.type !== 'EmailReserved' || Number(last.data.userId) !== userId) return;
  await store.append(stream, [{ type: 'EmailReleased', data: { email, userId }, metadata }], { expectedVersion: events.length });
}
